/**
 * The Python client (clients/python), with Debian's python3 from PATH and nothing but its standard library:
 * - the committed generated files are what scripts/generate-python-client.py writes from openapi.json;
 * - its unit tests: the Standard Webhooks test vectors, and retries against a local server that
 *   answers 503 (or 429, or nothing) before 200;
 * - against a sandbox service: a webhook endpoint, an intent created and paid in the sandbox, its
 *   confirmation received as a webhook whose signature checks out, a refund approved with the sandbox's
 *   test helper and sent on chain (`refund.succeeded` received too), an intent cancelled, lists read
 *   page after page, an error answer with its request id (clients/python/examples/sandbox_flow.py).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestService, type TestService } from "./support/service.ts";

const ROOT = join(import.meta.dir, "..");
const PYTHON_DIR = join(ROOT, "clients", "python");

async function python(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000) {
  const proc = Bun.spawn(["python3", ...args], {
    cwd: ROOT,
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), timeoutMs);
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { stdout, stderr, exitCode };
}

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher", "settler"] });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

test("python3 is there, and the client asks for nothing beyond its standard library", async () => {
  const version = await python(["-c", "import sys; print(sys.version_info >= (3, 9))"]);
  expect(version.stdout.trim()).toBe("True");
  // Importing the whole package loads no module from outside the standard library.
  const imports = await python([
    "-c",
    [
      "import sys, sysconfig; sys.path.insert(0, 'clients/python')",
      "before = set(sys.modules)",
      "import stablepay",
      "stdlib = sysconfig.get_paths()['stdlib']",
      "outside = [n for n in set(sys.modules) - before if not n.startswith('stablepay') and getattr(sys.modules[n], '__file__', None) and not sys.modules[n].__file__.startswith(stdlib)]",
      "print(sorted(outside))",
    ].join("\n"),
  ]);
  expect(imports.stderr).toBe("");
  expect(imports.stdout.trim()).toBe("[]");
});

test("the Python README's code is lines of examples/sandbox_flow.py, which the last test runs", () => {
  const readme = readFileSync(join(PYTHON_DIR, "README.md"), "utf8");
  const block = /```python\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  const flow = readFileSync(join(PYTHON_DIR, "examples", "sandbox_flow.py"), "utf8").split("\n").map((l) => l.trim());
  const lines = block!.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  expect(lines.length).toBeGreaterThan(5);
  for (const line of lines) expect({ line, found: flow.some((f) => f.includes(line)) }).toEqual({ line, found: true });
});

test("the committed Python client is what openapi.json generates (python3 scripts/generate-python-client.py after a contract change)", async () => {
  const run = await python(["scripts/generate-python-client.py", "--check"]);
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
});

test("the Python client's unit tests: Standard Webhooks vectors; retries against a server answering 503 then 200", async () => {
  const run = await python(["-m", "unittest", "discover", "-s", join(PYTHON_DIR, "tests"), "-v"]);
  if (run.exitCode !== 0) console.error(run.stderr);
  expect(run.exitCode).toBe(0);
  expect(run.stderr).toMatch(/Ran \d+ tests/);
  expect(run.stderr).toContain("test_503_then_200_retries_the_post_with_the_same_idempotency_key");
  expect(run.stderr).toContain("test_sign_matches_every_vector");
  expect(run.stderr.trimEnd()).toEndWith("OK");
}, 120_000);

test("against the sandbox: create, pay, verified webhook, refund, lists page after page", async () => {
  const run = await python([join(PYTHON_DIR, "examples", "sandbox_flow.py")], {
    STABLEPAY_API_URL: svc.apiUrl,
    STABLEPAY_API_KEY: svc.sandbox.test_key_unscoped,
    STABLEPAY_MERCHANT_ID: svc.sandbox.merchant_id,
  });
  if (run.exitCode !== 0) console.error(run.stdout, run.stderr);
  expect(run.exitCode).toBe(0);
  console.log(`sandbox_flow.py: ${run.stdout.trim().split("\n").at(-1)}`);
  const lastLine = run.stdout.trim().split("\n").at(-1)!;
  const summary = JSON.parse(lastLine) as Record<string, unknown>;
  // (A copy to match: toMatchObject may write its matchers into the object it checks.)
  expect(JSON.parse(lastLine)).toMatchObject({
    intent: expect.stringMatching(/^pi_/),
    intent_status: "confirmed",
    event: expect.stringMatching(/^evt_/),
    refund: expect.stringMatching(/^re_/),
    refund_status: "succeeded",
    refund_events: ["refund.created", "refund.succeeded"],
    cancelled: "cancelled",
    forged_refused: 0,
    error: { status_code: 404, code: "resource_missing", request_id: expect.stringMatching(/^req_/) },
  });
  // The intent and the three created after it, read 2 a page (a fresh sandbox: no one else creates any).
  expect({ listed: summary.listed_intents, total: summary.total_count }).toEqual({ listed: 4, total: 4 });
  // What the service sent is what the script read: the intent is confirmed and refunded in part.
  const key = svc.sandbox.test_key_unscoped;
  const intent = (await (await svc.api(`/v1/payment-intents/${summary.intent}`, { key })).json()) as Record<string, unknown>;
  expect(intent).toMatchObject({ status: "confirmed", metadata: { order_id: expect.stringMatching(/^order_/) } });
  const refund = (await (await svc.api(`/v1/refunds/${summary.refund}`, { key })).json()) as Record<string, unknown>;
  expect(refund).toMatchObject({ amount: 5, payment_intent: summary.intent });
}, 180_000);
