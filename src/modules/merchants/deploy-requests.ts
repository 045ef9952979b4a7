/**
 * The signing side of onboarding handed over (onboarding.ts, handOverDeployment): a process that
 * holds the operator key (the settler role) creates the account contracts of the merchants whose
 * deploy_due_at has come, as onboarding would have inline. Each is held for LEASE while it is
 * worked on (deploy_due_at moved forward), so any number of signing processes share the work, and
 * one that dies holding it leaves it to another after the lease; creation is idempotent (CREATE2:
 * nothing is sent when the code is there).
 */
import type { AppContext } from "../../context.ts";
import { completeMerchantDeployment } from "./onboarding.ts";

const LEASE = "60 seconds";
/** After a failure: tried again this much later (the RPC down, the operator out of gas). */
const RETRY = "15 seconds";

/** One sweep: returns how many merchants were handled. */
export async function deployRequested(ctx: AppContext, batch = 8): Promise<number> {
  // Only merchants whose chains this process can sign on (a signing process runs every chain).
  const signable = ctx.networks.filter((c) => c.canSign).map((c) => c.chainId);
  if (!signable.length) return 0;
  const rows = await ctx.database.sql<{ id: string }[]>`
    UPDATE app.merchants SET deploy_due_at = now() + ${LEASE}::interval
    WHERE id IN (SELECT id FROM app.merchants WHERE deploy_due_at <= now() AND chain_id = ANY (${signable}::int[])
                 ORDER BY deploy_due_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  await Promise.all(
    rows.map(async ({ id }) => {
      try {
        // As onboarding inline: the other chains' accounts too (their failure is warned, not retried here).
        await completeMerchantDeployment(ctx, id);
        await ctx.database.sql`UPDATE app.merchants SET deploy_due_at = NULL WHERE id = ${id}`;
        ctx.log.info("merchant account created for a process without the operator key", { merchantId: id });
      } catch (err) {
        await ctx.database.sql`UPDATE app.merchants SET deploy_due_at = now() + ${RETRY}::interval WHERE id = ${id}`;
        ctx.log.warn("merchant account creation handed over failed; retried", { merchantId: id, error: (err as Error).message });
      }
    }),
  );
  return rows.length;
}
