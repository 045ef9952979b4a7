/**
 * For benches that run the whole service as `npm start` does (`bun src/main.ts`, killable as a
 * process group): a fresh data folder and free ports for its parts.
 */
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/sandbox/ports.ts";

export async function mainProcessSetup(name: string, extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `stablepay-${name}-`));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), // the second sandbox chain: never next to a port taken below
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    INDEXER_PORT: String(await freePort()),
    ...extraEnv,
  };
  return { root: join(import.meta.dir, ".."), dataDir, env, api: `http://127.0.0.1:${env.PORT}`, rpcUrl: `http://127.0.0.1:${env.SANDBOX_ANVIL_PORT}` };
}
