/**
 * An open loop: requests due on a fixed schedule, `rate` per second from `t0`, sent when due whatever
 * the answers (the caller times each from its due time, so a stall shows in the percentiles: no
 * coordinated omission). Stops at `count` requests or at `endAt` (performance.now() time), whichever
 * comes first, then waits for those in flight. Used by bench/load.ts and bench/support/create-load.ts.
 */
export async function openLoop(opts: { rate: number; t0: number; count?: number; endAt?: number }, send: (dueAt: number) => Promise<void>): Promise<void> {
  const interval = 1000 / opts.rate;
  const inflight = new Set<Promise<void>>();
  let sent = 0;
  for (;;) {
    const now = performance.now();
    if (opts.endAt !== undefined && now >= opts.endAt) break;
    const due = Math.min(opts.count ?? Infinity, Math.floor((now - opts.t0) / interval) + 1);
    while (sent < due) {
      const p = send(opts.t0 + sent * interval);
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      sent++;
    }
    if (opts.count !== undefined && sent >= opts.count) break;
    await Bun.sleep(1);
  }
  await Promise.all(inflight);
}
