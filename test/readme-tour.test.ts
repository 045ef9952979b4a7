/**
 * README's five-minute tour, run as written: its ```sh block, against a fresh sandbox started as
 * `npm start` starts it (`bun src/main.ts`), in a data folder and on ports of its own (the block reads
 * `API` and `DATA_DIR` when they are set, `http://localhost:3000` and `.data` otherwise).
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/sandbox/ports.ts";
import { killMainGroups, startMain, until } from "./support/main-process.ts";
import { maskSecrets } from "../scripts/secret-scan.ts";

const root = join(import.meta.dir, "..");
const dataDir = mkdtempSync(join(tmpdir(), "stablepay-tour-"));
chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root

afterAll(async () => {
  await killMainGroups();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first ```sh block after the tour's heading. */
function tourBlock(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const from = readme.indexOf("## A five-minute tour");
  expect(from).toBeGreaterThan(-1);
  const m = /```sh\n([\s\S]*?)```/.exec(readme.slice(from));
  expect(m).not.toBeNull();
  return m![1]!;
}

test("the README's tour works as written: webhook endpoint, intent, payment, confirmation, event, refund", async () => {
  const env = {
    PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    INDEXER_PORT: String(await freePort()),
  };
  const service = startMain(dataDir, env);
  await until("the sandbox up", async () => service.output().includes("Ctrl-C stops everything"), 120_000, service);

  const tour = Bun.spawn(["bash", "-eo", "pipefail", "-c", tourBlock()], {
    cwd: root,
    env: { ...process.env, API: `http://127.0.0.1:${env.PORT}`, DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => tour.kill(), 90_000);
  const [out, err] = await Promise.all([new Response(tour.stdout).text(), new Response(tour.stderr).text()]);
  const code = await tour.exited;
  clearTimeout(timer);
  // The tour's output, for whoever reads the run: its API key and webhook secret masked (the test
  // run fails on a secret in its output: scripts/secret-scan.ts).
  console.log(maskSecrets(out));
  expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
  expect(out).toContain('"object":"webhook_endpoint"');
  expect(out).toMatch(/hosted payment page: http:\/\/127\.0\.0\.1:\d+\/pay\/pi_/);
  expect(out).toMatch(/paid pi_\w+: \d+ base units of USDC/);
  expect(out).toContain('"status":"confirmed"');
  expect(out).toContain('"type":"payment_intent.confirmed"');
  expect(out).toMatch(/"object":"refund".*"amount":10/);
  process.kill(service.child.pid!, "SIGINT");
  await until("stopped", async () => service.exited(), 15_000);
}, 240_000);
