/**
 * Mines the transactions anvil's automine left behind. On automine every transaction that becomes
 * ready is mined at once, but when one key's transactions reach the node out of nonce order (a
 * service whose workers sign in parallel, a test paying ten at a time) anvil now and then leaves a
 * ready transaction in its pool and mines nothing more until another transaction arrives (reported
 * as foundry-rs/foundry#10122; other projects' test rigs carry the same guard). On a quiet chain that
 * is for ever: a payment, a fee collection or an account creation waits on a receipt that never comes.
 *
 * So, about once a second: when the pool has held ready transactions for a whole round, with no
 * block in between, and anvil is on automine (not on interval mining, and not switched off by a test
 * holding transactions back on purpose), one block is mined. A transaction no block can take (more
 * gas than a test's lowered block gas limit) would make that an empty block every round: after a
 * nudge that included nothing, the next waits FUTILE_PAUSE_MS.
 */

/** After a nudge that mined none of the ready transactions, how long until the next may be tried. */
export const FUTILE_PAUSE_MS = 30_000;

export class AutomineNudge {
  /** Blocks mined by the nudge since the start (read by tests and diagnostics). */
  nudges = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** What the last round saw while transactions were ready: their count and the head. */
  private seen: { ready: number; head: bigint } | undefined;
  /** Until when nudges pause after one that included nothing (ms since the epoch). */
  private pausedUntil = 0;

  constructor(
    private readonly rpc: <T>(method: string, params?: unknown[]) => Promise<T>,
    private readonly everyMs = 1_000,
  ) {}

  start() {
    this.schedule();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().then(
        () => {},
        () => {
          this.seen = undefined; // the node is busy or stopping: start over next round
        },
      )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.everyMs);
  }

  /** One look at the pool; true when it mined a block. Public for the tests, which drive rounds themselves. */
  async round(): Promise<boolean> {
    const status = await this.rpc<{ pending: string; queued: string }>("txpool_status");
    const ready = Number(BigInt(status.pending));
    if (ready === 0) {
      this.seen = undefined;
      return false;
    }
    const head = BigInt(await this.rpc<string>("eth_blockNumber"));
    const before = this.seen;
    this.seen = { ready, head };
    if (!stranded(before, this.seen) || Date.now() < this.pausedUntil) return false;
    if (!(await this.rpc<boolean>("anvil_getAutomine"))) return false;
    await this.rpc("evm_mine");
    this.nudges++;
    const after = Number(BigInt((await this.rpc<{ pending: string }>("txpool_status")).pending));
    if (after >= ready) this.pausedUntil = Date.now() + FUTILE_PAUSE_MS;
    this.seen = undefined;
    return true;
  }
}

/**
 * Whether ready transactions look left behind: seen ready a round ago and now, with no block in
 * between (a block in between is the miner at work).
 */
export function stranded(before: { ready: number; head: bigint } | undefined, now: { ready: number; head: bigint }): boolean {
  return now.ready > 0 && before !== undefined && before.ready > 0 && before.head === now.head;
}
