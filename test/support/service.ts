/**
 * The whole service for a test file, started exactly as `npm start` starts it (src/service.ts),
 * on its own database, its own anvil and free ports. Pick the roles a test needs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Role } from "../../src/config.ts";
import { startService, type RunningService } from "../../src/service.ts";
import type { Clock } from "../../src/context.ts";
import { freePort } from "../../src/sandbox/ports.ts";
import { createTestDatabase } from "./db.ts";

export interface TestService extends RunningService {
  sandbox: NonNullable<RunningService["sandbox"]>;
  /** fetch against the API with the scoped test key unless `key` is given (null: no key). */
  api(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
}

export async function startTestService(
  opts: {
    roles?: Role[];
    env?: Record<string, string>;
    clock?: Clock;
    /** Start on the database and data folder of an earlier service (a restart); they are kept on stop. */
    reuse?: { url: string; dataDir: string };
    /** Keep the database and data folder on stop (to start again on them with `reuse`). */
    keepData?: boolean;
  } = {},
): Promise<TestService & { data: { url: string; dataDir: string } }> {
  const { url } = opts.reuse ?? (await createTestDatabase());
  const dataDir = opts.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), "stablepay-svc-"));
  // Free ports are found, then bound: between the two, another test file running in parallel can
  // take one. That start fails cleanly (it stops what it started) and is tried again on new ports.
  let service: RunningService | undefined;
  for (let attempt = 1; !service; attempt++) {
    const config = loadConfig({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SANDBOX_ANVIL_PORT: String(await freePort()),
      SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()),
      INDEXER_PORT: String(await freePort()),
      ROLES: (opts.roles ?? ["api"]).join(","),
      SANDBOX_BLOCK_TIME: "0",
      LOG_LEVEL: "error",
      // Functional tests send bursts with one key; test/rate-limit.test.ts sets real limits explicitly.
      RATE_LIMIT_TEST_PER_SECOND: "1000000",
      RATE_LIMIT_LIVE_PER_SECOND: "1000000",
      ...opts.env,
    });
    try {
      service = await startService(config, { clock: opts.clock });
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (attempt >= 4 || !(e?.code === "EADDRINUSE" || /EADDRINUSE|in use/i.test(String(e?.message ?? err)))) throw err;
    }
  }
  if (!service.sandbox) throw new Error("test service started without the sandbox");
  const sandbox = service.sandbox;
  return {
    ...service,
    sandbox,
    data: { url, dataDir },
    async stop() {
      await service.stop();
      if (!opts.reuse && !opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    api(path, init = {}) {
      const { key = sandbox.test_key_scoped, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== null) headers.set("authorization", `Bearer ${key}`);
      if (json !== undefined) headers.set("content-type", "application/json");
      return fetch(`${service.apiUrl}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
  };
}
