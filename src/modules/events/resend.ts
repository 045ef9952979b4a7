/**
 * Resending an event the principal may see: one new delivery, due now, to each enabled endpoint of
 * its account that subscribes to the event's type, or only to the endpoint named. One home for the
 * /v1 route (POST /v1/events/{id}/resend) and the dashboard's Resend button.
 */
import type { AppContext } from "../../context.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import { listDeliveries, resendEvent, WebhookOperatorError, type DeliveryView } from "../webhooks/service.ts";
import { findEndpoint } from "../webhook-endpoints/service.ts";
import type { EventRow } from "./service.ts";

/** The deliveries created. `event` must be one the principal may see (findVisibleEvent). */
export async function resendVisibleEvent(ctx: AppContext, p: Principal, event: EventRow, endpointId?: string): Promise<DeliveryView[]> {
  let target: string | undefined;
  if (endpointId !== undefined) {
    const e = p.scopeMerchantId === null && isIdOf("webhookEndpoint", endpointId) ? await findEndpoint(ctx.database.sql, { accountId: p.accountId, mode: p.mode }, endpointId) : undefined;
    if (!e) throw new ApiError("resource_missing", `No such webhook_endpoint: '${printableName(endpointId)}'`, "endpoint_id", 400);
    target = e.id;
  }
  let created: { id: string }[];
  try {
    created = await resendEvent(ctx.database.sql, event.id, ctx.clock.now(), target, p.accountId);
  } catch (err) {
    if (err instanceof WebhookOperatorError)
      throw new ApiError(
        "event_not_deliverable",
        target ? `Endpoint '${target}' does not receive event '${event.id}': it is disabled or not subscribed to '${event.type}'.` : `No enabled webhook endpoint of this account subscribes to '${event.type}'.`,
        target ? "endpoint_id" : undefined,
      );
    throw err;
  }
  const ids = new Set(created.map((c) => c.id));
  return (await listDeliveries(ctx.database.sql, { eventId: event.id, limit: 1000 })).filter((d) => ids.has(d.id));
}
