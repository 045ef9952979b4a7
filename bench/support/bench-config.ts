/**
 * The configuration a benchmark starts the service with: `npm start`'s embedded sandbox in a new
 * temporary data folder, on free ports, with the given settings on top (ROLES, LOG_LEVEL, …).
 */
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config.ts";
import { freePort } from "../../src/sandbox/ports.ts";

export async function benchConfig(name: string, env: Record<string, string>): Promise<{ config: Config; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `stablepay-bench-${name}-`));
  chmodSync(dataDir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach its folder
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), // the second sandbox chain: never next to a port taken below
    INDEXER_PORT: String(await freePort()),
    // The sandbox's second chain on or off from the shell (SANDBOX_EXTRA_CHAINS=none: one chain), for A/B runs.
    ...(process.env.SANDBOX_EXTRA_CHAINS ? { SANDBOX_EXTRA_CHAINS: process.env.SANDBOX_EXTRA_CHAINS } : {}),
    // The sandbox chains' state saver from the shell (SANDBOX_STATE_INTERVAL=0: saved at the stop only), for A/B runs.
    ...(process.env.SANDBOX_STATE_INTERVAL ? { SANDBOX_STATE_INTERVAL: process.env.SANDBOX_STATE_INTERVAL } : {}),
    // Traces on from the shell (OTEL_EXPORTER_OTLP_ENDPOINT=…, bench/support/otlp-sink.ts), for A/B runs of the instrumentation.
    ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith("OTEL_") && e[1] !== undefined)),
    ...env,
  });
  return { config, dataDir };
}
