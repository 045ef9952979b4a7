/**
 * The refund sender, run by the settler role (the role that owns a merchant account's outgoing
 * money: settlement withdrawals and refunds; one nonce keeper beside it). Every sweep, per chain:
 * claim the pending refunds that are due and move each as far as it goes (send, or check the
 * recorded transaction, confirm at depth), then look at the failed signed refunds whose amount is
 * held (release it once their signature can no longer pay). What that means is
 * src/modules/refunds/sending.ts.
 */
import type { AppContext } from "../context.ts";
import { checkHeldRefunds, claimDueRefunds, sendClaimedRefund, type RefundSendPolicy } from "../modules/refunds/sending.ts";
import { errorText } from "../chain/broadcast-errors.ts";
import { PollingRole } from "./loop.ts";

export interface RefundSenderOptions {
  /** Sweep interval. Default 1000 ms. */
  pollMs?: number;
  /** Refunds claimed per sweep and chain, sent concurrently. Default 32. */
  batchSize?: number;
  /** How long a claimed refund is ours before another sender may take it. Default 30 s. */
  leaseMs?: number;
  /** Attempts before a refund that keeps failing to be sent is failed. Default 12. */
  maxAttempts?: number;
  /** First retry delay, doubling. Default 5 s. */
  retryBaseMs?: number;
  /** How long one step waits for a receipt. Default 20 s. */
  receiptTimeoutMs?: number;
  /** How soon a sent refund is looked at again while it waits for its receipt or depth. Default 1000 ms. */
  waitMs?: number;
  /** How often a held failed refund is checked against the chain. Default 60 s. */
  holdRecheckMs?: number;
}

export class RefundSender extends PollingRole<number> {
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly policy: RefundSendPolicy;
  private readonly holdRecheckMs: number;
  /** Chains whose leased refunds with a known transaction were already taken back since this start. */
  private readonly recovered = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    opts: RefundSenderOptions = {},
  ) {
    super({ role: "refund_sender", log: ctx.log.child({ role: "refund_sender" }), failure: "refund sweep failed", intervalMs: opts.pollMs ?? 1_000, maxBackoffMs: 30_000, latchWakeups: true });
    this.batchSize = opts.batchSize ?? 32;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.policy = {
      maxAttempts: opts.maxAttempts ?? 12,
      retryBaseMs: opts.retryBaseMs ?? 5_000,
      receiptTimeoutMs: opts.receiptTimeoutMs ?? 20_000,
      waitMs: opts.waitMs ?? 1_000,
    };
    this.holdRecheckMs = opts.holdRecheckMs ?? 60_000;
  }

  protected round(): Promise<number> {
    return this.sweep();
  }

  protected override again(handled: number): boolean {
    return handled >= this.batchSize;
  }

  /** One sweep over every chain; returns how many refunds were handled. */
  async sweep(): Promise<number> {
    let handled = 0;
    for (const chain of this.ctx.networks) {
      if (this.stopping) continue;
      const recover = !this.recovered.has(chain.chainId);
      this.recovered.add(chain.chainId);
      const rows = await claimDueRefunds(this.ctx, chain, { batchSize: this.batchSize, leaseMs: this.leaseMs, recover });
      await Promise.all(rows.map((r) => sendClaimedRefund(this.ctx, chain, r, this.policy)));
      handled += rows.length;
      // A chain that does not answer holds back no other chain's sends: its holds are looked at again next sweep.
      await checkHeldRefunds(this.ctx, chain, { batchSize: this.batchSize, recheckMs: this.holdRecheckMs }).catch((err) =>
        this.ctx.log.warn("held refunds not checked", { role: "refund_sender", chainId: chain.chainId, error: errorText(err) }),
      );
    }
    return handled;
  }
}
