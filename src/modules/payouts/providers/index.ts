/**
 * Which payout provider pays which mode's merchants. Sandbox (test mode): the sandbox provider.
 * Live: none is integrated yet, so live settlements are not started at all (no withdrawal happens
 * without a provider to carry the ACH leg); an integration registers itself with `setPayoutProvider`
 * at start-up.
 */
import type { AppContext } from "../../../context.ts";
import type { Mode } from "../../../db/schema/core.ts";
import { SandboxPayoutProvider } from "./sandbox.ts";
import type { PayoutProvider } from "./types.ts";

export type { PayoutProvider, PayoutRequest, PayoutTransfer, PayoutStatus } from "./types.ts";

const registered = new WeakMap<AppContext, Partial<Record<Mode, PayoutProvider>>>();

export function setPayoutProvider(ctx: AppContext, mode: Mode, provider: PayoutProvider | undefined): void {
  const entry = registered.get(ctx) ?? {};
  entry[mode] = provider;
  registered.set(ctx, entry);
}

export function payoutProviderFor(ctx: AppContext, mode: Mode): PayoutProvider | undefined {
  const entry = registered.get(ctx) ?? {};
  if (!(mode in entry) && mode === "test") {
    entry.test = new SandboxPayoutProvider(ctx);
    registered.set(ctx, entry);
  }
  return entry[mode];
}

/** The provider a settlement was started with (by its stored name), if still available. */
export function payoutProviderNamed(ctx: AppContext, mode: Mode, name: string): PayoutProvider | undefined {
  const p = payoutProviderFor(ctx, mode);
  return p && p.name === name ? p : undefined;
}
