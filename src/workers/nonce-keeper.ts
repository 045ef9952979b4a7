/**
 * The nonce keeper runs beside the roles that send as the operator (fee_collector, settler): every
 * second, per chain, one round of src/chain/nonce-keeper.ts. Any number of processes may run it; a
 * lease per key and chain lets one act at a time. Every RELAY_COSTS_EVERY_MS it also measures the
 * relays of payments by signature that were answered before they were mined (what they cost the
 * operator, from their receipts).
 */
import type { AppContext } from "../context.ts";
import { NonceKeeper } from "../chain/nonce-keeper.ts";
import { PollingRole } from "./loop.ts";
import { recordPendingRelayCosts } from "../modules/authorizations/relay-costs.ts";
import type { RoleStarter } from "./role.ts";

const RELAY_COSTS_EVERY_MS = 10_000;

export class NonceKeeping extends PollingRole<number> {
  private readonly keepers: NonceKeeper[];
  private lastRelayCosts = 0;

  constructor(private readonly ctx: AppContext, opts: { pollMs?: number; healAfterMs?: number } = {}) {
    const log = ctx.log.child({ role: "nonce_keeper" });
    super({ role: "nonce_keeper", log, failure: "operator nonce check failed", intervalMs: opts.pollMs ?? 1_000, maxBackoffMs: 10_000, latchWakeups: false });
    this.keepers = ctx.networks.map((chain) => new NonceKeeper(chain.sender, log, opts));
  }

  protected async round(): Promise<number> {
    let healed = 0;
    for (const keeper of this.keepers) healed += await keeper.round();
    if (Date.now() - this.lastRelayCosts >= RELAY_COSTS_EVERY_MS) {
      this.lastRelayCosts = Date.now();
      for (const chain of this.ctx.networks) await recordPendingRelayCosts(this.ctx.database.sql, chain);
    }
    return healed;
  }
}

/** The keeping of each service context, shared by the roles it runs: one keeper per process, not one per role. */
const shared = new WeakMap<AppContext, { keeping: NonceKeeping; roles: number }>();

/** Wraps a role that sends as the operator so that its process also keeps the operator's nonces. */
export function withNonceKeeper(start: RoleStarter): RoleStarter {
  return async (ctx) => {
    const running = await start(ctx);
    let entry = shared.get(ctx);
    if (!entry) {
      entry = { keeping: new NonceKeeping(ctx), roles: 0 };
      entry.keeping.start();
      shared.set(ctx, entry);
    }
    entry.roles++;
    const held = entry;
    const release = async () => {
      if (--held.roles > 0) return;
      shared.delete(ctx);
      await held.keeping.stop();
    };
    return { ...running, stop: async () => void (await Promise.all([release(), running.stop()])) };
  };
}
