/**
 * The poll loop the worker roles share: run a round, sleep `intervalMs` (cut short by a wake-up),
 * back off exponentially after failed rounds, and end once the owner is stopping. PollingRole (below)
 * wraps it with start/wake/stop for the roles.
 */
import type { Logger } from "../logger.ts";
import { watchLoop, type Heartbeat } from "../lib/heartbeats.ts";

/**
 * A loop is stalled (its process's /health fails) when no round finished for 3 times its interval
 * plus its longest backoff, and never under this: a healthy round may wait on a webhook's timeout,
 * a receipt or the database's failover for a while.
 */
export const STALL_FLOOR_MS = 120_000;

/**
 * A sleep that `wake()` cuts short. With `latch` (the default), a wake-up that comes while not
 * sleeping is kept: the next sleep returns at once (work announced mid-round is not missed).
 */
export class WakeableSleep {
  private woken = false;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly latch = true) {}

  wake(): void {
    if (this.latch) this.woken = true;
    const w = this.wakeUp;
    this.wakeUp = undefined;
    w?.();
  }

  /** Sleeps `ms` or until wake(); `onTimeout` runs when the full time passed. */
  async sleep(ms: number, onTimeout?: () => void): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        onTimeout?.();
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.woken = false;
  }
}

export interface LoopOptions<R> {
  /** One round. A throw counts as a failure (logged with `onError`), a return resets the count. */
  round: () => Promise<R>;
  /** After a successful round: true runs the next round at once, without sleeping. */
  again?: (result: R) => boolean;
  onError: (err: unknown, failures: number) => void;
  stopping: () => boolean;
  sleep: (ms: number) => Promise<void>;
  /** Sleep between rounds; after n consecutive failures min(backoffBaseMs * 2^n, maxBackoffMs). */
  intervalMs: number;
  /** Default intervalMs. */
  backoffBaseMs?: number;
  maxBackoffMs: number;
}

/** Runs rounds until `stopping()`; resolves when the loop has ended. */
export async function runLoop<R>(o: LoopOptions<R>): Promise<void> {
  let failures = 0;
  while (!o.stopping()) {
    let more = false;
    try {
      const result = await o.round();
      failures = 0;
      more = o.again?.(result) ?? false;
    } catch (err) {
      failures++;
      o.onError(err, failures);
    }
    if (o.stopping()) break;
    if (more) continue;
    await o.sleep(failures ? Math.min((o.backoffBaseMs ?? o.intervalMs) * 2 ** failures, o.maxBackoffMs) : o.intervalMs);
  }
}

/**
 * The polling role every worker is made of: start/wake/stop, a stop flag its rounds may check, a
 * wakeable sleep between rounds, and the backoff of runLoop. A role only says what a round is (and
 * the module it calls says what the work is): workers know when, modules know what.
 */
export abstract class PollingRole<R = void> {
  /** True once stop() was called: long rounds check it to end early. */
  protected stopping = false;
  protected readonly log: Logger;
  private readonly sleeper: WakeableSleep;
  private done: Promise<void> | undefined;
  private heartbeat: Heartbeat | undefined;

  /**
   * `role`: the name its rounds are reported under (/metrics, /health); `stallAfterMs`: how long without
   * a finished round counts as stalled (default: STALL_FLOOR_MS or 3 × (intervalMs + maxBackoffMs)).
   */
  constructor(private readonly loop: { role: string; log: Logger; failure: string; intervalMs: number; backoffBaseMs?: number; maxBackoffMs: number; latchWakeups: boolean; stallAfterMs?: number }) {
    this.log = loop.log;
    this.sleeper = new WakeableSleep(loop.latchWakeups);
  }

  /** One round of work. A throw is logged (as `failure`) and backs the loop off. */
  protected abstract round(): Promise<R>;

  /** After a successful round: true runs the next one at once (e.g. a full batch: more is waiting). */
  protected again(_result: R): boolean {
    return false;
  }

  /** After a failed round, once it is logged (e.g. a metric, or forgetting state the failure spoiled). */
  protected failed(_err: unknown): void {}

  /** When a sleep ran its full interval, no wake-up cut it short (e.g. look for work a lost notification left). */
  protected slept(): void {}

  start(): void {
    const heartbeat = watchLoop(this.loop.role, this.loop.stallAfterMs ?? Math.max(STALL_FLOOR_MS, 3 * (this.loop.intervalMs + this.loop.maxBackoffMs)));
    this.heartbeat = heartbeat;
    this.done = runLoop({
      round: async () => {
        try {
          const result = await this.round();
          heartbeat.beat("ok");
          return result;
        } catch (err) {
          heartbeat.beat("error");
          throw err;
        }
      },
      again: (result) => this.again(result),
      onError: (err, failures) => {
        this.log.error(this.loop.failure, { err, failures });
        this.failed(err);
      },
      stopping: () => this.stopping,
      sleep: (ms) => this.sleeper.sleep(ms, () => this.slept()),
      intervalMs: this.loop.intervalMs,
      ...(this.loop.backoffBaseMs !== undefined ? { backoffBaseMs: this.loop.backoffBaseMs } : {}),
      maxBackoffMs: this.loop.maxBackoffMs,
    });
  }

  /** Runs the next round now (new work announced, or a test moved the clock). */
  wake(): void {
    this.sleeper.wake();
  }

  /** Stops after the current round; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.done;
    this.heartbeat?.end();
  }
}
