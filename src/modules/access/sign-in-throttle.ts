/**
 * Sign-in throttling: failed sign-ins counted per email and per client address over a sliding
 * window; over the limit, sign-in is refused (with the same words whether or not the email exists)
 * until the window has moved on. Kept in the process: a service with several API processes lets
 * an attacker try `processes` times as often, still bounded.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when another attempt for this email from this address may be checked now. */
  allowed(email: string, address: string): boolean {
    return this.count(`e:${email.trim().toLowerCase()}`) < MAX_FAILURES_PER_EMAIL && this.count(`a:${address}`) < MAX_FAILURES_PER_ADDRESS;
  }

  failed(email: string, address: string): void {
    for (const key of [`e:${email.trim().toLowerCase()}`, `a:${address}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    if (this.failures.size > 100_000) this.prune();
  }

  /** A successful sign-in clears the email's count (not the address's). */
  succeeded(email: string): void {
    this.failures.delete(`e:${email.trim().toLowerCase()}`);
  }

  private count(key: string): number {
    return this.recent(key).length;
  }

  private recent(key: string): number[] {
    const since = this.now() - SIGN_IN_WINDOW_MS;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) if (this.count(key) === 0) this.failures.delete(key);
  }
}
