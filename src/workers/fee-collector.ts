/**
 * The fee_collector role: when to collect platform fees. Every sweep, per chain: sweep the deposit
 * addresses that are due into their accounts (every few seconds: modules/fees/deposit-sweeps.ts), mark
 * fees of 0 collected, claim due fees and collect them concurrently. What collecting means (claims, leases,
 * on-chain checks before any resend, retries, the alert) is src/modules/fees/collection.ts.
 */
import type { AppContext } from "../context.ts";
import type { ChainRuntime } from "../chain/runtime.ts";
import { claimDueFees, collectClaimedFee, markZeroFees } from "../modules/fees/collection.ts";
import { sweepDeposits } from "../modules/fees/deposit-sweeps.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";

export interface FeeCollectorOptions {
  /** Sweep interval. Default 1000 ms. */
  pollMs?: number;
  /** Rows claimed per sweep and chain, collected concurrently. Default 64. */
  batchSize?: number;
  /**
   * How long a claimed row is ours before another collector may take it. Default 30 s: its hash is on
   * record from the moment it is signed, so a collector that takes a row whose lease ran out while
   * the first still waits for the receipt finds that transaction and waits for it too; the lease only
   * bounds how long a row claimed by a process that died before signing waits.
   */
  leaseMs?: number;
  /** Attempts before giving up (fee_status failed + alert). Default 12. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt, capped at 1 h, +0..10% jitter. Default 5 s. */
  retryBaseMs?: number;
  /** How often deposit addresses are swept into their accounts, per chain (modules/fees/deposit-sweeps.ts). Default 2000 ms. */
  depositSweepMs?: number;
}

export class FeeCollector extends PollingRole<number> {
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly policy: { maxAttempts: number; retryBaseMs: number };
  /** Chains whose leased rows with a known transaction were already taken back since this start. */
  private readonly recovered = new Set<number>();
  private readonly depositSweepMs: number;
  /** Per chain id: when its deposit addresses were last swept. */
  private readonly lastDepositSweep = new Map<number, number>();

  constructor(
    private readonly ctx: AppContext,
    opts: FeeCollectorOptions = {},
  ) {
    super({ role: "fee_collector", log: ctx.log.child({ role: "fee_collector" }), failure: "fee collection sweep failed", intervalMs: opts.pollMs ?? 1_000, maxBackoffMs: 30_000, latchWakeups: false });
    this.batchSize = opts.batchSize ?? 64;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.policy = { maxAttempts: opts.maxAttempts ?? 12, retryBaseMs: opts.retryBaseMs ?? 5_000 };
    this.depositSweepMs = opts.depositSweepMs ?? 2_000;
  }

  protected round(): Promise<number> {
    return this.sweep();
  }

  /** A full batch: more may be waiting. */
  protected override again(handled: number): boolean {
    return handled >= this.batchSize;
  }

  /**
   * One sweep over every chain, the chains side by side: a chain whose RPC stalls holds up its own
   * fees only. Returns how many rows were handled.
   */
  async sweep(): Promise<number> {
    const perChain = await Promise.all(this.ctx.networks.map((chain) => this.sweepChain(chain)));
    return perChain.reduce((a, b) => a + b, 0);
  }

  private async sweepChain(chain: ChainRuntime): Promise<number> {
    if (this.stopping) return 0;
    await this.sweepDepositsOf(chain);
    await markZeroFees(this.ctx, chain.chainId);
    const recover = !this.recovered.has(chain.chainId);
    this.recovered.add(chain.chainId);
    const rows = await claimDueFees(this.ctx, chain.chainId, { batchSize: this.batchSize, leaseMs: this.leaseMs, recover });
    // Concurrently: the sends queue at the operator's nonce authority (one after another, without
    // waiting for each other's receipts), so a batch is mined in about one block instead of one
    // block per fee.
    await Promise.all(rows.map((row) => collectClaimedFee(this.ctx, chain, row, this.policy)));
    return rows.length;
  }

  /**
   * Deposit addresses into their accounts (their payments' fees are collected once swept), every
   * depositSweepMs. A failure is logged and tried again next time: it never holds fees back.
   */
  private async sweepDepositsOf(chain: ChainRuntime): Promise<void> {
    const now = Date.now();
    if (now - (this.lastDepositSweep.get(chain.chainId) ?? 0) < this.depositSweepMs) return;
    this.lastDepositSweep.set(chain.chainId, now);
    await sweepDeposits(this.ctx, chain).catch((err: unknown) => this.ctx.log.warn("deposit sweep failed; will retry", { chainId: chain.chainId, err }));
  }
}

export async function startFeeCollector(ctx: AppContext, opts: FeeCollectorOptions = {}): Promise<RunningRole & { collector: FeeCollector }> {
  const collector = new FeeCollector(ctx, opts);
  collector.start();
  return { role: "fee_collector", collector, stop: () => collector.stop() };
}
