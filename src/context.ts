/** Everything a request handler or worker needs, built once at start (src/main.ts or a test). */
import { SecretBox, useSecretBox } from "./lib/secret-box.ts";
import type { Config, Mode } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { ChainRuntime } from "./chain/runtime.ts";
import { Authenticator } from "./modules/access/authenticator.ts";
import { createLogger, type Logger } from "./logger.ts";

/** Injectable clock: tests and the sandbox can move time (settlement, webhook retries). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  auth: Authenticator;
  /** Each mode's primary chain (`base`): where v1 accounts live and what a request naming no chain means. */
  chains: Partial<Record<Mode, ChainRuntime>>;
  /**
   * Every chain this process runs, of every mode, primaries first. Workers act on each; a
   * request reaches the chain of its intent's pair through `chainById`.
   */
  networks: readonly ChainRuntime[];
  clock: Clock;
  log: Logger;
}

/** The running chain of a chain id (an intent's, a transaction's), if this process runs it. */
export function chainById(ctx: Pick<AppContext, "networks">, chainId: number): ChainRuntime | undefined {
  return ctx.networks.find((c) => c.chainId === chainId);
}

export function createContext(opts: {
  config: Config;
  database: Database;
  chains: Partial<Record<Mode, ChainRuntime>>;
  /** The chains beyond the primaries (config.chains.others). */
  otherChains?: readonly ChainRuntime[];
  clock?: Clock;
  log?: Logger;
}): AppContext {
  const primaries = [opts.chains.test, opts.chains.live].filter((c): c is ChainRuntime => c !== undefined);
  // Every process builds its context: the stores of webhook secrets seal and open with its keys.
  useSecretBox(new SecretBox(opts.config.webhookSecretsKeys.current, opts.config.webhookSecretsKeys.previous));
  return {
    config: opts.config,
    database: opts.database,
    auth: new Authenticator(opts.database),
    chains: opts.chains,
    networks: [...primaries, ...(opts.otherChains ?? [])],
    clock: opts.clock ?? systemClock,
    log: opts.log ?? createLogger(opts.config.logLevel),
  };
}
