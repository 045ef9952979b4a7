/** Everything a request handler or worker needs, built once at start (src/main.ts or a test). */
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
  chains: Partial<Record<Mode, ChainRuntime>>;
  clock: Clock;
  log: Logger;
}

export function createContext(opts: {
  config: Config;
  database: Database;
  chains: Partial<Record<Mode, ChainRuntime>>;
  clock?: Clock;
  log?: Logger;
}): AppContext {
  return {
    config: opts.config,
    database: opts.database,
    auth: new Authenticator(opts.database),
    chains: opts.chains,
    clock: opts.clock ?? systemClock,
    log: opts.log ?? createLogger(opts.config.logLevel),
  };
}
