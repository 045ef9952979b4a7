/**
 * SIGTERM to an API process under load, measured as a load balancer sees it: `clients` loops send
 * `request` until they have seen /ready 503 and a health-check interval has passed (then route
 * elsewhere); a watcher polls /ready, another opens plain connections to see when the listener
 * closes. Used by the drain test and the production topology test.
 */
import { expect } from "bun:test";

export interface DrainUnderLoad {
  beforeSigterm: number;
  answeredAfterSigterm: number;
  /** ms from SIGTERM: /ready first answered 503, a connection was first refused, the process exited. */
  ready503Ms: number;
  refusedMs: number;
  exitMs: number;
  code: number | null;
  failed: string[];
}

export async function sigtermUnderLoad(opts: {
  /** Sends one request; resolves with its status. */
  request: () => Promise<number>;
  readyUrl: string;
  /** The public port whose listener is watched. */
  port: number;
  child: { kill(signal: "SIGTERM"): void; exited: Promise<number | null> };
  clients?: number;
  /** The load balancer's health-check interval. */
  lbIntervalMs?: number;
}): Promise<DrainUnderLoad> {
  let sigtermAt = 0;
  let firstReady503 = 0;
  let firstRefused = 0;
  let answeredAfterSigterm = 0;
  const answered: number[] = [];
  const failed: string[] = [];
  const refused = (err: unknown) => /ECONNREFUSED|ConnectionRefused|Unable to connect/i.test(String((err as { code?: string }).code ?? "") + String(err));
  let running = true;
  // A client that keeps opening connections up to the instant the listener closes can meet a reset
  // on a connection the kernel had queued and the service never accepted: that is what the drain
  // delay is for.
  const inRotation = () => !firstReady503 || Date.now() - firstReady503 < (opts.lbIntervalMs ?? 300);
  const load = async () => {
    while (running && inRotation()) {
      try {
        const status = await opts.request();
        answered.push(status);
        if (status < 200 || status >= 300) failed.push(`status ${status}`);
        if (sigtermAt) answeredAfterSigterm++;
      } catch (err) {
        failed.push(`${Date.now() - sigtermAt} ms after SIGTERM: ${String(err)}`);
      }
    }
  };
  const acceptWatch = async () => {
    while (running) {
      try {
        const socket = await Bun.connect({ hostname: "127.0.0.1", port: opts.port, socket: { data() {} } });
        socket.end();
      } catch {
        if (!firstRefused) firstRefused = Date.now();
        return;
      }
      await Bun.sleep(20);
    }
  };
  const readyWatch = async () => {
    while (running) {
      try {
        const res = await fetch(opts.readyUrl);
        const body = (await res.json()) as { status: string; draining?: boolean };
        if (res.status === 503 && !firstReady503) {
          firstReady503 = Date.now();
          expect(body).toMatchObject({ status: "unavailable", draining: true });
        }
      } catch (err) {
        // Once /ready said 503, a probe refused or reset (a connection the kernel had queued as the
        // listener closed) is the instance gone, as a load balancer reads it.
        if (refused(err) || (firstReady503 && /ECONNRESET|connection was closed/i.test(String(err)))) return;
        failed.push(`ready: ${String(err)}`);
      }
      await Bun.sleep(20);
    }
  };
  const loops = [...Array.from({ length: opts.clients ?? 12 }, load), readyWatch(), acceptWatch()];
  // Under load before the signal: at least 1.5 s and 50 answers (a loaded CI machine warms up slower).
  const loadStarted = Date.now();
  while ((Date.now() - loadStarted < 1_500 || answered.length < 50) && Date.now() - loadStarted < 30_000) await Bun.sleep(50);
  const beforeSigterm = answered.length;
  sigtermAt = Date.now();
  opts.child.kill("SIGTERM");
  const code = await opts.child.exited;
  const exitedAt = Date.now();
  // A moment for the loops to see the refusals, then stop them.
  await Promise.race([Promise.all(loops), Bun.sleep(2_000)]);
  running = false;
  await Promise.all(loops);
  return {
    beforeSigterm,
    answeredAfterSigterm,
    ready503Ms: firstReady503 ? firstReady503 - sigtermAt : -1,
    refusedMs: firstRefused ? firstRefused - sigtermAt : -1,
    exitMs: exitedAt - sigtermAt,
    code,
    failed,
  };
}
