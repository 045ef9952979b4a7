/**
 * Every code sample in the docs is run by a test, or is lines of a file a test runs. Each fenced
 * block of README.md, docs/*.md and the client's README is given to the first rule that claims it;
 * a block no rule claims fails the first test, so a new sample cannot go unchecked.
 *
 * Run here, against a test service (roles api, indexer, matcher) and its sandbox facts written as
 * `sandbox.json` in a folder of their own:
 * - the integrators' guide's shell samples, as written (they read API and DATA_DIR, and the
 *   variables their comments name: PI, PAYER, SIGNATURE…), with a wallet that holds USDC and no ETH;
 * - every operator CLI line of the guides, its placeholders (acct_…, mer_…, key_…, we_…, evt_…,
 *   0x… wallets, https://…) given real values, each alternative (`a|b`) and option in brackets.
 * Run elsewhere: README's two commands (CI and test/start.test.ts), README's tour
 * (test/readme-tour.test.ts), the data teams' SQL (test/refunds.test.ts), the client's build commands
 * and the lines of examples/shop/shop.ts (test/client.test.ts), the deployment guide's install
 * (test/read-only-install.test.ts) and its refusal without the driver patch (test/driver-patch.test.ts).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Hex } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { serviceChildEnv } from "./support/child-env.ts";
import { waitFor } from "./support/payments.ts";
import { testUsdcAbi } from "../contracts/abis.ts";

const root = join(import.meta.dir, "..");
type Json = Record<string, any>;

interface Block {
  file: string;
  lang: string;
  text: string;
  /** The heading the block sits under. */
  section: string;
}

function blocksOf(file: string): Block[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: Block[] = [];
  let section = "";
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith("#")) section = line.replace(/^#+\s*/, "");
    const open = /^```(\w*)\s*$/.exec(line);
    if (!open) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
    out.push({ file, lang: open[1]!, text: body.join("\n"), section });
  }
  return out;
}

const docFiles = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`), "clients/typescript/README.md"];
const blocks = docFiles.flatMap(blocksOf);
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** The lines of a block that say something (no blank lines, no comment-only lines), trimmed, a line continued with `\` joined. */
const meaningful = (text: string, comment: string) =>
  text.replace(/\\\n\s*/g, "").split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith(comment));

/** Who runs each kind of block: a rule answers where it is run, or undefined when it does not claim the block. */
const rules: Array<(b: Block) => string | undefined> = [
  (b) => (b.file === "README.md" && /^npm start\b/m.test(b.text) && /^npm test\b/m.test(b.text) ? "CI (.ci/run runs npm test) and test/start.test.ts (npm start)" : undefined),
  (b) => (b.file === "README.md" && b.section.startsWith("A five-minute tour") ? "test/readme-tour.test.ts" : undefined),
  (b) => (b.file === "docs/data-teams.md" && b.lang === "sql" ? "test/refunds.test.ts (as the service's user), test/data-team-access.test.ts (as a member of stablepay_readonly, before and after a swap)" : undefined),
  (b) => (b.file === "docs/integrators.md" && b.lang === "sh" ? "here: shell samples" : undefined),
  (b) => (meaningful(b.text, "#").every((l) => l.startsWith("npm run cli -- ")) ? "here: CLI lines" : undefined),
  (b) => (b.file === "clients/typescript/README.md" && b.lang === "ts" ? "test/client.test.ts: lines of examples/shop/shop.ts" : undefined),
  (b) => (b.file === "docs/webhooks.md" && (b.lang === "ts" || b.lang === "py") ? "lines of examples/webhook-receivers/ (the Hono and Flask receivers run in test/webhook-receivers.test.ts)" : undefined),
  (b) => (b.file === "docs/deployment.md" && b.section === "Install" && b.lang === "sh" ? "test/read-only-install.test.ts (npm install on a copy of the checkout's files, then every unit from a read-only view of it)" : undefined),
  (b) => (b.file === "docs/deployment.md" && b.section === "Install" && b.text.startsWith("postgres.js is not patched") ? "test/driver-patch.test.ts (the refusal, word for word)" : undefined),
  (b) => (b.file === "clients/typescript/README.md" && b.section === "Get it" && b.lang === "sh" ? "test/client.test.ts (npm pack of the client, then npm install of its tarball in a fresh folder)" : undefined),
  (b) => (b.file === "clients/typescript/README.md" && b.lang === "sh" && b.text.includes("clients/typescript/tsconfig.json") && b.text.includes("scripts/generate-client.ts") ? "test/client.test.ts (tsc on that tsconfig; the generator's output compared)" : undefined),
];
const ruleOf = (b: Block) => rules.map((r) => r(b)).find((x) => x !== undefined);

test("every code sample of the docs is claimed by a rule that runs it", () => {
  expect(blocks.length).toBeGreaterThanOrEqual(10);
  const unclaimed = blocks.filter((b) => ruleOf(b) === undefined).map((b) => `${b.file} (${b.section}): ${b.text.split("\n")[0]}`);
  expect(unclaimed).toEqual([]);
  // The files the rules name do run what they are said to.
  expect(read("test/readme-tour.test.ts")).toContain('readFileSync(join(root, "README.md")');
  expect(read("test/refunds.test.ts")).toContain('"../docs/data-teams.md"');
  expect(read("test/data-team-access.test.ts")).toContain('"../docs/data-teams.md"');
  expect(read("test/start.test.ts")).toContain("npm start");
  expect(read("test/client.test.ts")).toContain('"npm", "pack"');
  expect(read("test/client.test.ts")).toContain('"npm", "install"');
  expect(read("test/client.test.ts")).toContain('[process.execPath, "shop.ts"]');
  expect(read("test/client.test.ts")).toContain('join(CLIENT_DIR, "tsconfig.json")');
  expect(read("test/read-only-install.test.ts")).toContain('["npm", "install"');
  expect(read("test/driver-patch.test.ts")).toContain('"docs/deployment.md"');
});

test("the webhook guide's receiver code is lines of examples/webhook-receivers/, whose Hono and Flask receivers test/webhook-receivers.test.ts runs", () => {
  const dir = "examples/webhook-receivers";
  const lines = new Set(readdirSync(join(root, dir)).flatMap((f) => read(`${dir}/${f}`).split("\n").map((l) => l.trim())));
  const receivers = blocks.filter((b) => b.file === "docs/webhooks.md" && (b.lang === "ts" || b.lang === "py"));
  expect(receivers.length).toBeGreaterThanOrEqual(5);
  for (const b of receivers) for (const l of meaningful(b.text, b.lang === "py" ? "#" : "//")) expect(lines.has(l) ? l : `not in ${dir}: ${l}`).toBe(l);
  expect(read("test/webhook-receivers.test.ts")).toContain('from "../examples/webhook-receivers/hono.ts"');
  expect(read("test/webhook-receivers.test.ts")).toContain('"flask_app.py"');
});

test("the client README's code is lines of examples/shop/shop.ts, which test/client.test.ts runs", () => {
  const shop = new Set(read("examples/shop/shop.ts").split("\n").map((l) => l.trim()));
  const block = blocks.find((b) => b.file === "clients/typescript/README.md" && b.lang === "ts")!;
  const lines = meaningful(block.text, "//");
  expect(lines.filter((l) => !shop.has(l))).toEqual([]);
});

let svc: TestService;
let dataDir: string;
beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  dataDir = mkdtempSync(join(tmpdir(), "stablepay-docs-"));
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, "sandbox.json"), JSON.stringify(svc.sandbox));
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a block in bash -e with `env` (API and DATA_DIR set); answers its output lines parsed as JSON where they are. */
async function runShell(text: string, env: Record<string, string> = {}): Promise<{ out: string; json: Json[] }> {
  const proc = Bun.spawn(["bash", "-eo", "pipefail", "-c", text], {
    cwd: root,
    env: { ...process.env, API: svc.apiUrl, DATA_DIR: dataDir, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
  const json = out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Json);
  return { out, json };
}

const integrators = () => blocks.filter((b) => b.file === "docs/integrators.md" && b.lang === "sh");

test("the integrators' guide, as written: a merchant and an intent, paying by signature from a wallet without ETH, a refund to that wallet", async () => {
  const [first, signature, refund] = [integrators().find((b) => b.text.includes("/v1/merchants/")), integrators().find((b) => b.text.includes("/authorization")), integrators().find((b) => b.text.includes("/v1/refunds"))];
  expect([first, signature, refund].every((b) => b !== undefined)).toBe(true);
  const deposit = integrators().find((b) => b.text.includes("/v1/deposit_addresses"));
  expect(deposit).toBeDefined();
  expect(integrators().length).toBe(4);

  const { json: started } = await runShell(first!.text);
  expect(started.map((j) => j.object)).toEqual(["merchant", "payment_intent"]);
  const intent = started[1]!;
  expect(intent).toMatchObject({ status: "awaiting_payment", amount: 12.5, merchant_id: svc.sandbox.merchant_id });

  // A wallet with exactly the intent's USDC and no ETH: the signature is all it gives.
  const wallet = generatePrivateKey();
  const payer = privateKeyToAccount(wallet).address;
  const chain = svc.ctx.chains.test!;
  await chain.publicClient.waitForTransactionReceipt({ hash: await chain.sender.write({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [payer, 12_500_000n] }) });
  const td = ((await (await svc.api(`/v1/payment-intents/${intent.id}/authorization?payer=${payer}`, { key: null })).json()) as Json).typed_data;
  const { EIP712Domain: _domain, ...types } = td.types;
  const sig = await privateKeyToAccount(wallet).signTypedData({
    domain: td.domain,
    types,
    primaryType: td.primaryType,
    message: { ...td.message, value: BigInt(td.message.value), validAfter: BigInt(td.message.validAfter), validBefore: BigInt(td.message.validBefore) },
  });
  const vars = { PI: intent.id as string, PAYER: payer, SIGNATURE: sig as Hex, VALID_AFTER: td.message.validAfter, VALID_BEFORE: td.message.validBefore, NONCE: td.message.nonce };
  const { json: paid } = await runShell(signature!.text, vars);
  expect(paid.map((j) => j.object)).toEqual(["transfer_authorization", "transfer_authorization_submission"]);
  expect(paid[1]).toMatchObject({ payment_intent_id: intent.id, tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  expect(["submitted", "mined"]).toContain(paid[1]!.status);
  expect(await chain.publicClient.getBalance({ address: payer })).toBe(0n);
  await waitFor("the intent confirmed", async () => ((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as Json).status === "confirmed" || undefined, 30_000, 100);

  const { json: refunded } = await runShell(refund!.text, { ...vars, KEY: svc.sandbox.test_key_scoped });
  expect(refunded).toHaveLength(1);
  expect(refunded[0]).toMatchObject({ object: "refund", payment_intent: intent.id, amount: 5, recipient_address: payer, reason: "requested_by_customer" });

  // A customer's reusable address, asked for twice: one address; then its payments (none yet).
  const depositVars = { KEY: svc.sandbox.test_key_scoped, MER: svc.sandbox.merchant_id };
  const { json: [address] } = await runShell(deposit!.text.split("# Later")[0]!, depositVars);
  expect(address).toMatchObject({ object: "deposit_address", customer_reference: "customer-4711", merchant_id: svc.sandbox.merchant_id, metadata: { plan: "wholesale" } });
  const { json: again } = await runShell(deposit!.text, { ...depositVars, DEP: String(address!.id) });
  expect(again).toEqual([address!, { object: "list", data: [], has_more: false, total_count: 0 }]);
}, 90_000);

test("every operator CLI line of the guides runs, its placeholders given real values", async () => {
  // The operators' block last: it makes a new account and disables its endpoint, which the other
  // guides' lines (run on the sandbox's account, its endpoint and its events) must not inherit.
  const lines = blocks
    .filter((b) => ruleOf(b) === "here: CLI lines")
    .sort((a, b) => Number(a.file === "docs/operators.md") - Number(b.file === "docs/operators.md"))
    .flatMap((b) => meaningful(b.text, "#").map((l) => ({ file: b.file, line: l.replace(/\s+#.*$/, "") })));
  expect(lines.length).toBeGreaterThanOrEqual(12);
  // The newest id of each kind seen so far: the sandbox's (its key, an endpoint of its account and the
  // confirmation the test above made), then what earlier lines printed.
  const sql = svc.ctx.database.sql;
  const endpoint = await svc.api("/v1/webhook_endpoints", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { url: "https://hooks.example.com/docs", enabled_events: ["payment_intent.confirmed"] } });
  expect(endpoint.status).toBe(201);
  const [key] = await sql<{ id: string }[]>`SELECT id FROM app.api_keys WHERE account_id = ${svc.sandbox.account_id} ORDER BY created_at LIMIT 1`;
  const [event] = await sql<{ id: string }[]>`SELECT id FROM app.events WHERE account_id = ${svc.sandbox.account_id} AND type = 'payment_intent.confirmed' ORDER BY created_at DESC LIMIT 1`;
  const seen: Record<string, string> = { acct: svc.sandbox.account_id, mer: svc.sandbox.merchant_id, key: key!.id, we: ((await endpoint.json()) as Json).id, evt: event!.id };
  const failures: string[] = [];
  for (const { file, line } of lines) {
    for (const variant of variantsOf(line)) {
      const args = shellWords(variant.replace(/^npm run cli -- /, "")).map((w) => realValue(w, seen));
      const proc = Bun.spawn([process.execPath, "src/cli/main.ts", ...args], { cwd: root, env: serviceChildEnv(svc), stdout: "pipe", stderr: "pipe" });
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      if (code !== 0) failures.push(`${file}: ${variant} → exit ${code}: ${err.trim().split("\n")[0]}`);
      for (const m of out.matchAll(/\b(acct|mer|key|we|evt)_[A-Za-z0-9]+/g)) seen[m[1]!] = m[0];
    }
  }
  expect(failures).toEqual([]);
}, 180_000);

/** `a|b` alternatives and `[--option value]` brackets: each alternative, with the bracketed options in. */
function variantsOf(line: string): string[] {
  const withOptions = line.replace(/\[([^\]]+)\]/g, "$1");
  const alt = /(\S+)\|(\S+)/.exec(withOptions.replace(/^npm run cli -- /, ""));
  if (!alt) return [withOptions];
  return [alt[1]!, alt[2]!].map((choice) => withOptions.replace(alt[0], choice));
}

/** Words of a shell line (double quotes group words). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** A placeholder's real value: an id of its kind, a wallet address, a URL; other words as they are. */
function realValue(word: string, seen: Record<string, string>): string {
  const id = /^(acct|mer|key|we|evt)_…$/.exec(word);
  if (id) return seen[id[1]!] ?? word;
  if (/^0x[A-Za-z]+$/.test(word)) return privateKeyToAccount(generatePrivateKey()).address;
  if (word === "https://…") return "https://hooks.example.com/stablepay";
  return word;
}
