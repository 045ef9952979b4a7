/**
 * The signing a process without the operator key hands over (chain/signer.ts): run beside the
 * settler, a role that holds the key. Every `pollMs`, and at once when notified: create the account
 * contracts of merchants onboarded through such a process (modules/merchants/deploy-requests.ts),
 * and relay the payments by signature it checked (modules/authorizations/relay-requests.ts). In the
 * sandbox (one process with the key) nothing is handed over and each sweep finds nothing.
 */
import type { AppContext } from "../context.ts";
import { deployRequested } from "../modules/merchants/deploy-requests.ts";
import { relayRequested } from "../modules/authorizations/relay-requests.ts";
import { OPERATOR_JOBS_CHANNEL } from "../modules/merchants/onboarding.ts";
import { PollingRole } from "./loop.ts";

export class OperatorJobs extends PollingRole<number> {
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly ctx: AppContext,
    opts: { pollMs?: number } = {},
  ) {
    super({ role: "operator_jobs", log: ctx.log.child({ role: "operator_jobs" }), failure: "operator jobs sweep failed", intervalMs: opts.pollMs ?? 1_000, maxBackoffMs: 15_000, latchWakeups: true });
  }

  protected async round(): Promise<number> {
    if (!this.ctx.networks.some((c) => c.canSign)) return 0;
    const [relays, deploys] = await Promise.all([relayRequested(this.ctx), deployRequested(this.ctx)]);
    return relays + deploys;
  }

  protected override again(handled: number): boolean {
    return handled > 0;
  }

  override start(): void {
    super.start();
    // A lost notification (a reconnect) costs at most one poll interval.
    this.ctx.database.sql
      .listen(OPERATOR_JOBS_CHANNEL, () => this.wake())
      .then((l) => (this.unlisten = () => l.unlisten()))
      .catch((err: unknown) => this.log.warn("operator jobs: not listening, polling only", { error: (err as Error).message }));
  }

  override async stop(): Promise<void> {
    await this.unlisten?.().catch(() => {});
    await super.stop();
  }
}
