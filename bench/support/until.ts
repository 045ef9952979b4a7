/**
 * Polls `probe` until it returns a value, for benches that drive a service in a child process:
 * fails at `timeoutMs`, or at once when `exited()` says the child is gone (it returns the child's
 * last output then).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  opts: { exited: () => string | undefined; stepMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    const tail = opts.exited();
    if (tail !== undefined) throw new Error(`the service exited while waiting for ${what}:\n${tail}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(opts.stepMs ?? 200);
  }
}
