/**
 * The poll loop the worker roles share: run a round, sleep `intervalMs` (cut short by a wake-up),
 * back off exponentially after failed rounds, and end once the owner is stopping. Each role keeps
 * its own start/wake/stop and its own stopping flag (its rounds check it too).
 */

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
  onError: (err: unknown) => void;
  stopping: () => boolean;
  sleep: (ms: number) => Promise<void>;
  /** Sleep between rounds; after n consecutive failures min(intervalMs * 2^n, maxBackoffMs). */
  intervalMs: number;
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
      o.onError(err);
    }
    if (o.stopping()) break;
    if (more) continue;
    await o.sleep(failures ? Math.min(o.intervalMs * 2 ** failures, o.maxBackoffMs) : o.intervalMs);
  }
}
