/**
 * Small helpers below everything (no imports from the service): bounding how long we wait on
 * something outside (the chain, the database, a child process).
 */

/**
 * Settles as `p` does, or rejects with `Error(message)` after `ms`. The timer is cleared either way,
 * and a failure of `p` after the timeout is absorbed (it would otherwise be an unhandled rejection).
 */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  p.catch(() => {});
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** `p`'s value, or undefined when it fails or takes longer than `ms` (for best-effort reports). */
export function within<T>(ms: number, p: Promise<T>): Promise<T | undefined> {
  return withTimeout(p, ms, "timed out").catch(() => undefined);
}
