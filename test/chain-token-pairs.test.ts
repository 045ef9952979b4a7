/**
 * The (chain, token) pair as a dimension of the data and the API, on one chain.
 * Real HTTP, real Postgres, real anvil, Ponder and the matcher: a request that names no pair behaves as
 * before (base/USDC); the enabled pairs of each mode come from configuration (config.ts enabledPairs),
 * and every check reads them (chain/pairs.ts), never a literal.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAddress } from "viem";
import { loadConfig, ConfigError, type PairSettings } from "../src/config.ts";
import { pairsOf, resolvePair, resolvePairFilter } from "../src/chain/pairs.ts";
import { ApiError } from "../src/domain/errors.ts";
import { chainNameOf, KNOWN_CHAINS, TESTNET_USDC } from "../src/domain/networks.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { waitFor } from "./support/payments.ts";

type Json = Record<string, any>;
let svc: TestService;
let merchant: string;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  merchant = svc.sandbox.merchant_id;
});
afterAll(async () => {
  await svc?.stop();
});

async function create(extra: Json = {}) {
  return svc.api("/v1/payment-intents", { method: "POST", json: { amount: 12.5, currency: "usd", merchant_id: merchant, ...extra } });
}
async function error(res: Response) {
  return ((await res.json()) as Json).error as Json;
}

describe("create", () => {
  test("without chain and token: base/USDC, the QR carries the sandbox chain id and its USDC contract, payment_address is the merchant's", async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const pi = (await res.json()) as Json;
    expect(pi.chain).toBe("base");
    expect(pi.token).toBe("USDC");
    const chain = svc.ctx.chains.test!;
    const [m] = await svc.ctx.database.sql`SELECT payment_address FROM app.merchants WHERE id = ${merchant}`;
    expect(pi.payment_address).toBe(getAddress(String(m!.payment_address)));
    // Built from the chain runtime (the deployed token), not from the mainnet table.
    expect(pi.qr_payload).toBe(`ethereum:${getAddress(chain.usdc)}@${chain.chainId}/transfer?address=${pi.payment_address}&uint256=12500000`);
    expect(chain.chainId).toBe(31337);
    const [row] = await svc.ctx.database.sql`SELECT chain_id, token FROM app.payment_intents WHERE id = ${pi.id}`;
    expect(row).toEqual({ chain_id: 31337, token: "USDC" });
  });

  test("explicit base/USDC is the same pair", async () => {
    const res = await create({ chain: "base", token: "USDC", amount: 12.51 });
    expect(res.status).toBe(201);
    const pi = (await res.json()) as Json;
    expect([pi.chain, pi.token]).toEqual(["base", "USDC"]);
    expect(pi.qr_payload).toContain(`ethereum:${getAddress(svc.ctx.chains.test!.usdc)}@31337/`);
  });

  test("a known chain that is not enabled: 400 parameter_invalid, param chain, naming the allowed pairs; nothing created", async () => {
    const [before] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.payment_intents`;
    for (const chain of ["optimism", "ethereum", "polygon", "solana", "BASE"]) {
      const res = await create({ chain });
      expect(res.status).toBe(400);
      const e = await error(res);
      expect({ chain, code: e.code, param: e.param, type: e.type }).toEqual({ chain, code: "parameter_invalid", param: "chain", type: "invalid_request_error" });
      expect(e.message).toContain("base/USDC");
    }
    const [after] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.payment_intents`;
    expect(after!.n).toBe(before!.n);
  });

  test("a token that is not enabled: 400 parameter_invalid, param token, naming the allowed pairs; USDT on the sandbox is enabled", async () => {
    for (const json of [{ token: "usdc" }, { token: "DAI" }, { chain: "base", token: "EURC" }]) {
      const res = await create(json);
      expect(res.status).toBe(400);
      const e = await error(res);
      expect({ json, code: e.code, param: e.param }).toEqual({ json, code: "parameter_invalid", param: "token" });
      expect(e.message).toContain("allowed pairs (chain/token) for test keys are base/USDC, base/USDT");
    }
    // The embedded sandbox's TestUSDT is a pair (the demo merchant's account is v2). Removed again so
    // that the lists below hold USDC only.
    const res = await create({ token: "USDT", amount: 3.21 });
    expect(res.status).toBe(201);
    const usdt = (await res.json()) as Json;
    expect([usdt.chain, usdt.token]).toEqual(["base", "USDT"]);
    await svc.ctx.database.sql`DELETE FROM app.reservations WHERE intent_id = ${usdt.id}`;
    await svc.ctx.database.sql`DELETE FROM app.payment_intents WHERE id = ${usdt.id}`;
  });

  test("wrong types: 400 parameter_invalid with the param", async () => {
    for (const [param, value] of [["chain", 8453], ["chain", null], ["chain", ["base"]], ["token", 1], ["token", { symbol: "USDC" }], ["token", true]] as const) {
      const res = await create({ [param]: value });
      expect(res.status).toBe(400);
      const e = await error(res);
      expect({ param, value, code: e.code, got: e.param }).toEqual({ param, value, code: "parameter_invalid", got: param });
    }
  });

  test("idempotency: naming the default pair is the same request as naming none (replayed, not 409)", async () => {
    const key = `pairs-${Date.now()}`;
    const first = await create({ amount: 7.77, idempotency_key: key });
    expect(first.status).toBe(201);
    const named = await create({ amount: 7.77, idempotency_key: key, chain: "base", token: "USDC" });
    expect(named.status).toBe(200);
    expect(((await named.json()) as Json).id).toBe(((await first.json()) as Json).id);
    // Another amount under the same key is still refused.
    expect((await create({ amount: 7.78, idempotency_key: key, chain: "base" })).status).toBe(409);
  });
});

describe("a payment in the pair, end to end", () => {
  let pi: Json;
  beforeAll(async () => {
    pi = (await (await create({ amount: 3.21, chain: "base", token: "USDC" })).json()) as Json;
    expect((await svc.api(`/v1/test_helpers/payment_intents/${pi.id}/pay`, { method: "POST" })).status).toBe(200);
    await waitFor("the intent confirmed", async () => {
      const got = (await (await svc.api(`/v1/payment-intents/${pi.id}`)).json()) as Json;
      return got.status === "confirmed" ? got : undefined;
    });
  });

  test("the transaction stores and shows its pair; the events carry the stored pair", async () => {
    const [t] = await svc.ctx.database.sql`SELECT id, chain_id, token FROM app.transactions WHERE payment_intent_id = ${pi.id}`;
    expect({ chain_id: t!.chain_id, token: t!.token }).toEqual({ chain_id: 31337, token: "USDC" });
    const txn = (await (await svc.api(`/v1/transactions/${t!.id}`)).json()) as Json;
    expect([txn.chain, txn.token]).toEqual(["base", "USDC"]);
    const events = await svc.ctx.database.sql`SELECT type, data FROM app.events WHERE data->>'id' = ${pi.id} OR data->>'payment_intent_id' = ${pi.id}`;
    const byType = Object.fromEntries(events.map((e) => [e.type, typeof e.data === "string" ? JSON.parse(e.data) : e.data]));
    expect([byType["payment_intent.confirmed"]?.chain, byType["payment_intent.confirmed"]?.token]).toEqual(["base", "USDC"]);
    expect([byType["transaction.created"]?.chain, byType["transaction.created"]?.token]).toEqual(["base", "USDC"]);
  });

  test("list filters: chain=base and token=USDC return the intents and transactions; a pair not enabled is 400 naming the allowed ones", async () => {
    for (const path of ["/v1/payment-intents", "/v1/transactions"]) {
      const all = (await (await svc.api(path)).json()) as Json;
      expect(all.total_count).toBeGreaterThan(0);
      for (const q of ["chain=base", "token=USDC", "chain=base&token=USDC"]) {
        const res = await svc.api(`${path}?${q}`);
        expect({ path, q, status: res.status }).toEqual({ path, q, status: 200 });
        const page = (await res.json()) as Json;
        expect({ path, q, total: page.total_count, ids: page.data.map((x: Json) => x.id) }).toEqual({ path, q, total: all.total_count, ids: all.data.map((x: Json) => x.id) });
        for (const item of page.data) expect([item.chain, item.token]).toEqual(["base", "USDC"]);
      }
      for (const [q, param] of [["chain=polygon", "chain"], ["chain=optimism&token=USDC", "chain"], ["token=DAI", "token"], ["chain=base&token=EURC", "token"], ["chain=", "chain"]] as const) {
        const res = await svc.api(`${path}?${q}`);
        expect({ path, q, status: res.status }).toEqual({ path, q, status: 400 });
        const e = await error(res);
        expect({ path, q, code: e.code, param: e.param, names: e.message.includes("base/USDC") }).toEqual({ path, q, code: "parameter_invalid", param, names: true });
      }
      expect((await svc.api(`${path}?chain=base&chain=base`)).status).toBe(400);
    }
  });

  test("events: ?chain=base&token=USDC lists the events whose payload names the pair; a pair not enabled is 400", async () => {
    const key = svc.sandbox.test_key_unscoped;
    const all = (await (await svc.api("/v1/events?limit=100", { key })).json()) as Json;
    const withPair = all.data.filter((e: Json) => e.data.chain !== undefined);
    expect(withPair.length).toBeGreaterThanOrEqual(2); // the confirmation and the transaction above
    for (const q of ["chain=base", "token=USDC", "chain=base&token=USDC"]) {
      const page = (await (await svc.api(`/v1/events?limit=100&${q}`, { key })).json()) as Json;
      expect({ q, ids: page.data.map((e: Json) => e.id) }).toEqual({ q, ids: withPair.map((e: Json) => e.id) });
      expect(page.total_count).toBe(withPair.length);
    }
    for (const [q, param] of [["chain=optimism", "chain"], ["token=DAI", "token"]] as const) {
      const res = await svc.api(`/v1/events?${q}`, { key });
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      const e = await error(res);
      expect({ q, code: e.code, param: e.param, names: e.message.includes("base/USDC") }).toEqual({ q, code: "parameter_invalid", param, names: true });
    }
  });

  test("the filter is applied in SQL: rows of another pair are left out", async () => {
    // A row of another pair (written directly: no such pair is enabled, so the API cannot create one).
    const [src] = await svc.ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${pi.id}`;
    const otherId = `pi_${"Z".repeat(24)}`;
    await svc.ctx.database.sql`
      INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token, payment_address, metadata, created_at, expires_at)
      VALUES (${otherId}, 'test', ${src!.account_id}, ${merchant}, 'expired', 1000000, 0, 1000000, 31337, 'USDT', ${src!.payment_address}, '{}'::jsonb, now(), now())`;
    try {
      const all = (await (await svc.api("/v1/payment-intents?limit=100")).json()) as Json;
      expect(all.data.some((x: Json) => x.id === otherId)).toBe(true);
      const usdc = (await (await svc.api("/v1/payment-intents?token=USDC&limit=100")).json()) as Json;
      expect(usdc.data.some((x: Json) => x.id === otherId)).toBe(false);
      expect(usdc.total_count).toBe(all.total_count - 1);
      // An item of another pair is not a cursor of the filtered list (it is of the unfiltered one).
      expect((await svc.api(`/v1/payment-intents?token=USDC&starting_after=${otherId}`)).status).toBe(400);
      expect((await svc.api(`/v1/payment-intents?starting_after=${otherId}`)).status).toBe(200);
    } finally {
      await svc.ctx.database.sql`DELETE FROM app.payment_intents WHERE id = ${otherId}`;
    }
  });

  test("balance: ?chain=base&token=USDC equals the plain balance; a pair not enabled is 400; the balances list has one item per enabled pair", async () => {
    const plain = (await (await svc.api(`/v1/merchants/${merchant}/balance`)).json()) as Json;
    expect(plain.available).toBeGreaterThan(0);
    expect(Object.keys(plain).sort()).toEqual(["available", "chain", "currency", "last_updated", "merchant_id", "object", "payment_address", "pending_settlement"]);
    const named = (await (await svc.api(`/v1/merchants/${merchant}/balance?chain=base&token=USDC`)).json()) as Json;
    const strip = (b: Json) => ({ ...b, last_updated: undefined });
    expect(strip(named)).toEqual(strip(plain));
    for (const [q, param] of [["chain=optimism", "chain"], ["token=DAI", "token"], ["chain=base&token=EURC", "token"], ["chain=solana&token=USDC", "chain"]] as const) {
      const res = await svc.api(`/v1/merchants/${merchant}/balance?${q}`);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      const e = await error(res);
      expect({ q, code: e.code, param: e.param, names: e.message.includes("base/USDC") }).toEqual({ q, code: "parameter_invalid", param, names: true });
    }
    expect((await error(await svc.api(`/v1/merchants/${merchant}/balance?currency=usd`))).code).toBe("parameter_unknown");
    // Visibility before the query: another id is 404 whatever the query says.
    expect((await svc.api(`/v1/merchants/mer_doesnotexist000000000000/balance?chain=arbitrum`)).status).toBe(404);

    const list = (await (await svc.api(`/v1/merchants/${merchant}/balances`)).json()) as Json;
    expect(list.object).toBe("list");
    expect(list.has_more).toBe(false);
    expect(list.total_count).toBe(svc.ctx.config.pairs.test.length);
    expect(list.data.map((b: Json) => `${b.chain}/${b.token}`)).toEqual(svc.ctx.config.pairs.test.map((p) => `${p.chain}/${p.token}`));
    expect(strip({ ...list.data[0], token: undefined })).toEqual(strip({ ...plain, token: undefined }));
    expect((await svc.api(`/v1/merchants/${merchant}/balances?chain=base`)).status).toBe(400);
    expect((await svc.api(`/v1/merchants/mer_doesnotexist000000000000/balances`)).status).toBe(404);
  });
});

describe("the hosted payment page and the QR take the pair from the row", () => {
  test("an intent stored as ethereum/USDT (chain 1): the page names USDT, its contract from the table and chain id 1", async () => {
    // Written directly: no such pair is enabled here, so the API cannot create one.
    const [src] = await svc.ctx.database.sql`SELECT account_id, payment_address FROM app.payment_intents WHERE merchant_id = ${merchant} LIMIT 1`;
    const id = `pi_${"Y".repeat(24)}`;
    await svc.ctx.database.sql`
      INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token, payment_address, metadata, created_at, expires_at)
      VALUES (${id}, 'test', ${src!.account_id}, ${merchant}, 'awaiting_payment', 4200000, 0, 4200000, 1, 'USDT', ${src!.payment_address}, '{}'::jsonb, now(), now() + interval '5 minutes')`;
    try {
      const usdt = KNOWN_CHAINS.ethereum.tokens.USDT!.address;
      const page = await (await svc.api(`/pay/${id}`, { key: null })).text();
      expect(page).toContain(`<strong id="usdc-amount">4.200000</strong> USDT`);
      expect(page).toContain(`(chain id 1)</span>, token USDT`);
      expect(page).toContain(`ethereum:${usdt}@1/transfer?address=${getAddress(String(src!.payment_address))}&amp;uint256=4200000`);
      const got = (await (await svc.api(`/v1/payment-intents/${id}`)).json()) as Json;
      expect([got.chain, got.token]).toEqual(["ethereum", "USDT"]);
      expect(got.qr_payload).toBe(`ethereum:${usdt}@1/transfer?address=${got.payment_address}&uint256=4200000`);
    } finally {
      await svc.ctx.database.sql`DELETE FROM app.payment_intents WHERE id = ${id}`;
    }
  });
});

describe("configuration: the enabled pairs come from one place", () => {
  test("test mode: the sandbox chain as base/USDC and base/USDT (its TestUSDT); live: base/USDC only when LIVE_* is set, with Circle's address from the table", () => {
    const usdcAnywhere = "0x0000000000000000000000000000000000000012"; // digits only: its own checksum
    const plain = loadConfig({});
    // The embedded sandbox's two chains: base (31337) and arbitrum (31338), each with USDC and its TestUSDT.
    expect(plain.pairs.test.map((p) => [p.chain, p.token, p.chainId])).toEqual([["base", "USDC", 31337], ["base", "USDT", 31337], ["arbitrum", "USDC", 31338], ["arbitrum", "USDT", 31338]]);
    expect(loadConfig({ SANDBOX_EXTRA_CHAINS: "none" }).pairs.test.map((p) => p.chain)).toEqual(["base", "base"]);
    expect(() => loadConfig({ SANDBOX_EXTRA_CHAINS: "polygon" })).toThrow(/SANDBOX_EXTRA_CHAINS/);
    expect(() => loadConfig({ SANDBOX_EXTRA_CHAINS: "base" })).toThrow(/SANDBOX_EXTRA_CHAINS/);
    expect(plain.merchantAccountVersion).toBeUndefined(); // v2 where its factory has code (the embedded sandbox deploys it)
    expect(loadConfig({ MERCHANT_ACCOUNT_VERSION: "1" }).merchantAccountVersion).toBe(1);
    expect(() => loadConfig({ MERCHANT_ACCOUNT_VERSION: "3" })).toThrow(/MERCHANT_ACCOUNT_VERSION/);
    expect(plain.pairs.live).toEqual([]);
    // A mainnet runs only in production mode (its other pieces are named here, never started).
    expect(() => loadConfig({ LIVE_RPC_HTTP_URL: "http://127.0.0.1:1", LIVE_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` })).toThrow(/^Invalid configuration: STABLEPAY_ENV must be production to run chain 8453/);
    const production = { STABLEPAY_ENV: "production", DATABASE_URL: "postgres://u:p@db/x", SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:3", SANDBOX_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", SANDBOX_START_BLOCK: "1", LIVE_START_BLOCK: "1", LIVE_ARBITRUM_START_BLOCK: "1", PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY: "5f".repeat(32), OPS_PORT: "9309" };
    const live = loadConfig({ ...production, LIVE_RPC_HTTP_URL: "http://127.0.0.1:1", LIVE_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` });
    expect(live.pairs.live).toEqual([{ chain: "base", token: "USDC", chainId: 8453, tokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", decimals: 6 }]);
    expect(live.chains.live!.confirmations).toBe(KNOWN_CHAINS.base.confirmations);
    const hosted = loadConfig({ SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:1", SANDBOX_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` });
    expect(hosted.pairs.test.map((p) => [p.chain, p.chainId])).toEqual([["base", 84532]]);
    // A hosted sandbox adds a chain by its RPC URL: its public test network, Circle's test USDC of it.
    const hostedEnv = { SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:1", SANDBOX_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` };
    const hostedTwo = loadConfig({ ...hostedEnv, SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2" });
    expect(hostedTwo.pairs.test.map((p) => [p.chain, p.token, p.chainId, p.tokenAddress])).toEqual([["base", "USDC", 84532, "0x036CbD53842c5426634e7929541eC2318f3dCF7e"], ["arbitrum", "USDC", 421614, "0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d"]]);
    expect(hostedTwo.chains.others[0]).toMatchObject({ mode: "test", name: "arbitrum", embedded: false, confirmations: 2, factoryAddress: undefined });
    // Its own chain id (a local node standing in for it) needs its USDC named; a chain id of another chain is refused.
    expect(() => loadConfig({ ...hostedEnv, SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2", SANDBOX_ARBITRUM_CHAIN_ID: "31338" })).toThrow(/SANDBOX_ARBITRUM_USDC_ADDRESS/);
    expect(loadConfig({ ...hostedEnv, SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2", SANDBOX_ARBITRUM_CHAIN_ID: "31338", SANDBOX_ARBITRUM_USDC_ADDRESS: usdcAnywhere }).chains.others[0]).toMatchObject({ chainId: 31338, usdcAddress: usdcAnywhere });
    expect(() => loadConfig({ ...hostedEnv, SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2", SANDBOX_ARBITRUM_CHAIN_ID: "84532" })).toThrow(/SANDBOX_ARBITRUM_CHAIN_ID/);
    expect(() => loadConfig({ ...hostedEnv, SANDBOX_BASE_RPC_HTTP_URL: "http://127.0.0.1:2" })).toThrow(/primary sandbox chain/);
    expect(() => loadConfig({ SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2" })).toThrow(/SANDBOX_RPC_HTTP_URL/);
    // The hosted primary's USDC follows its chain id (it was Base Sepolia's whatever the id).
    expect(loadConfig({ ...hostedEnv, SANDBOX_CHAIN_ID: "421614" }).chains.test.usdcAddress).toBe("0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d");
    for (const address of Object.values(TESTNET_USDC)) expect(getAddress(address)).toBe(address);
    // A live chain beside the primary: enabled by its RPC URL, USDC (and its confirmations) from the table.
    const two = loadConfig({ ...production, LIVE_RPC_HTTP_URL: "http://127.0.0.1:1", LIVE_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2", LIVE_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` });
    expect(two.pairs.live.map((p) => [p.chain, p.token, p.chainId, p.tokenAddress])).toEqual([["base", "USDC", 8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"], ["arbitrum", "USDC", 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"]]);
    expect(two.chains.others.find((c) => c.mode === "live")).toMatchObject({ name: "arbitrum", confirmations: KNOWN_CHAINS.arbitrum.confirmations, factoryAddress: undefined });
    expect(() => loadConfig({ LIVE_ARBITRUM_RPC_HTTP_URL: "http://127.0.0.1:2" })).toThrow(/LIVE_RPC_HTTP_URL/);
    // A hosted chain takes USDT where the operator names its address.
    const usdt = "0x00000000000000000000000000000000000000f1"; // checksummed (no letter to capitalise)
    const withUsdt = loadConfig({ ...production, LIVE_RPC_HTTP_URL: "http://127.0.0.1:1", LIVE_FACTORY_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3", LIVE_USDT_ADDRESS: usdt, OPERATOR_PRIVATE_KEY: `0x${"11".repeat(32)}` });
    expect(withUsdt.pairs.live.map((p) => [p.chain, p.token, p.tokenAddress])).toEqual([["base", "USDC", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"], ["base", "USDT", usdt]]);
  });

  test("a chain id the table does not know stops the start, naming the variable", () => {
    expect(() => loadConfig({ SANDBOX_CHAIN_ID: "999999" })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_CHAIN_ID: "999999" })).toThrow(/SANDBOX_CHAIN_ID/);
  });

  test("the table maps chain ids to names, mainnets and their test networks", () => {
    expect([8453, 84532, 31337, 1, 11155111, 42161, 10, 137, 80002, 5].map(chainNameOf)).toEqual(["base", "base", "base", "ethereum", "ethereum", "arbitrum", "optimism", "polygon", "polygon", undefined]);
    expect(KNOWN_CHAINS.base.tokens.USDT).toBeUndefined();
    expect(KNOWN_CHAINS.ethereum.tokens.USDT?.address).toBe("0xdAC17F958D2ee523a2206206994597C13D831ec7");
  });

  test("validation reads the configured set: add a pair to it and it is accepted, with its own address and chain id", () => {
    const usdt = KNOWN_CHAINS.ethereum.tokens.USDT!.address;
    const pairs: PairSettings[] = [
      { chain: "base", token: "USDC", chainId: 84532, tokenAddress: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", decimals: 6 },
      { chain: "ethereum", token: "USDT", chainId: 11155111, tokenAddress: usdt, decimals: 6 },
    ];
    const src = { config: { pairs: { test: pairs, live: [] } }, networks: [] };
    expect(pairsOf(src, "test").length).toBe(2);
    expect(resolvePair(src, "test", "ethereum", "USDT")).toMatchObject({ chain: "ethereum", token: "USDT", chainId: 11155111, tokenAddress: usdt });
    expect(resolvePair(src, "test", undefined, undefined)).toMatchObject({ chain: "base", token: "USDC", chainId: 84532 });
    const refused = (() => {
      try {
        resolvePair(src, "test", "ethereum", "USDC");
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(refused?.param).toBe("token");
    expect(refused?.message).toContain("base/USDC, ethereum/USDT");
    expect(resolvePairFilter(src, "test", "ethereum", undefined)).toEqual({ chainIds: [11155111], token: undefined });
    expect(resolvePairFilter(src, "test", undefined, "USDT")).toEqual({ chainIds: undefined, token: "USDT" });
    expect(() => resolvePairFilter(src, "test", "base", "USDT")).toThrow(ApiError);
    // Live mode has none here: a named pair is refused, an unnamed one answers as before (undefined).
    expect(resolvePair(src, "live", undefined, undefined)).toBeUndefined();
    expect(() => resolvePair(src, "live", "base", undefined)).toThrow(/no chain and token are enabled for live keys/);
  });
});
