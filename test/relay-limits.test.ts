/**
 * What relays of payments by signature may cost the operator, tested as a stranger would attack them,
 * against the whole service (real Postgres, anvil, Ponder, the matcher, real HTTP):
 * - one wallet holding the amount of ONE intent signs for a hundred open intents and posts them all
 *   before any relay is mined: one relay is sent, the others are refused before gas;
 * - relays per payer in flight, and the hourly ETH budgets per merchant and in all, refuse with their
 *   own codes (429 / 503 with Retry-After);
 * - a contract wallet whose ERC-1271 check burns gas: refused when its estimate is above the cap,
 *   and never relayed with more gas than the cap when it burns whatever it is given;
 * - a submission out of time (a slow chain): "Nothing was sent" only when nothing can be sent, else
 *   the recorded transaction;
 * - the signer stopped while the customer pays by transfer: the submission says nothing was sent
 *   (true), the transfer pays, and nothing is relayed later;
 * - a relay row written by hand (another token, another recipient, an intent already paid): the signer
 *   refuses it at send time and sends nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { testUsdcAbi } from "../contracts/abis.ts";
import { loadArtifacts } from "../src/chain/artifacts.ts";
import { OperatorSender } from "../src/chain/operator-sender.ts";
import { authorizationNonce } from "../src/modules/authorizations/typed-data.ts";
import { relayRequested } from "../src/modules/authorizations/relay-requests.ts";
import type { RelayLimits } from "../src/config.ts";
import { createIntent, payer, rpc, waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

type Json = Record<string, any>;
let svc: TestService;
let amountSeq = 0;
const nextAmount = () => 60 + ++amountSeq + 0.5;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

const chain = () => svc.ctx.chains.test!;
const limits = () => svc.ctx.config.relayLimits as RelayLimits;
const funder = () => createWalletClient({ chain: chain().chain, transport: http(chain().rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });
const mined = (hash: Hex) => chain().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
const operatorTxCount = () => chain().publicClient.getTransactionCount({ address: chain().sender.address, blockTag: "pending" });
const units = (amount: number) => BigInt(Math.round(amount * 1e6));

async function fundedPayer(amountUnits: bigint): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (amountUnits > 0n) await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [address, amountUnits] }));
  return { key, address };
}

async function typedData(intentId: string, payerAddress: Address): Promise<Json> {
  const res = await svc.api(`/v1/payment-intents/${intentId}/authorization?payer=${payerAddress}`, { key: null });
  const body = (await res.json()) as Json;
  if (res.status !== 200) throw new Error(`typed data: ${res.status} ${JSON.stringify(body)}`);
  return body.typed_data;
}

/** The typed data of `intent` for `payerAddress`, built from another intent's (same merchant, amount and token): no request. */
function typedDataLike(template: Json, intent: { id: string }, payerAddress: Address): Json {
  return { ...template, message: { ...template.message, from: payerAddress, nonce: authorizationNonce(intent.id, payerAddress) } };
}

async function sign(key: Hex, td: Json): Promise<Hex> {
  const { EIP712Domain: _d, ...types } = td.types;
  const m = td.message;
  return privateKeyToAccount(key).signTypedData({
    domain: td.domain,
    types,
    primaryType: td.primaryType,
    message: { ...m, value: BigInt(m.value), validAfter: BigInt(m.validAfter), validBefore: BigInt(m.validBefore) },
  });
}

const submission = (td: Json, signature: Hex) => ({ payer: td.message.from, signature, valid_after: td.message.validAfter, valid_before: td.message.validBefore, nonce: td.message.nonce });

async function submit(intentId: string, body: Json): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await svc.api(`/v1/payment-intents/${intentId}/authorization`, { method: "POST", key: null, json: body });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

async function relaysOf(intentIds: string[]): Promise<Array<{ intent_id: string; relay_tx_hash: Hex }>> {
  return svc.ctx.database.sql<Array<{ intent_id: string; relay_tx_hash: Hex }>>`
    SELECT intent_id, relay_tx_hash FROM app.payment_authorizations WHERE intent_id = ANY (${intentIds}::text[]) AND relay_tx_hash IS NOT NULL`;
}

async function statusOf(id: string): Promise<string> {
  return ((await (await svc.api(`/v1/payment-intents/${id}`)).json()) as Json).status;
}

/** Runs `fn` with the node's automine off: the relays sent meanwhile wait in its pool, unmined. */
async function withoutMining<T>(fn: () => Promise<T>): Promise<T> {
  await rpc(svc, "evm_setAutomine", [false]);
  try {
    return await fn();
  } finally {
    await rpc(svc, "evm_setAutomine", [true]);
    await rpc(svc, "evm_mine", []);
  }
}

async function withLimits<T>(patch: Partial<RelayLimits>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...limits() };
  Object.assign(limits(), patch);
  try {
    return await fn();
  } finally {
    Object.assign(limits(), saved);
  }
}

describe("relays are bounded", () => {
  test("one wallet with one payment's amount signs for 100 open intents and posts them before any is mined: one relay, the rest refused before gas", async () => {
    const amount = nextAmount();
    const intents: Awaited<ReturnType<typeof createIntent>>[] = [];
    for (let i = 0; i < 100; i++) intents.push(await createIntent(svc, { amount, ttl: 900 }));
    const p = await fundedPayer(units(amount));
    const template = await typedData(intents[0]!.id, p.address);
    const bodies = await Promise.all(intents.map(async (intent) => submission(typedDataLike(template, intent, p.address), await sign(p.key, typedDataLike(template, intent, p.address)))));
    const before = await operatorTxCount();
    const answers = await withoutMining(async () => {
      // As fast as the per-client limit lets one address post (a burst of 40, 20 a second): waves until each has its answer.
      const pending = new Map(intents.map((intent, i) => [intent.id, bodies[i]!]));
      const done: Array<{ status: number; code?: string }> = [];
      while (pending.size > 0) {
        const wave = [...pending].slice(0, 38);
        const results = await Promise.all(wave.map(async ([id, body]) => [id, await submit(id, body)] as const));
        for (const [id, r] of results) {
          if (r.status === 429 && r.body.error?.code === "rate_limited") continue;
          pending.delete(id);
          done.push({ status: r.status, code: r.body.error?.code });
        }
        if (pending.size > 0) await Bun.sleep(2_100);
      }
      return done;
    });
    const sent = answers.filter((a) => a.status === 200);
    expect(sent.length).toBe(1);
    // Every other one refused before any gas: the payer's balance is spoken for by the relay in flight (or, where the
    // node estimates on its pending state, the call already fails there).
    for (const a of answers.filter((x) => x.status !== 200)) expect(["insufficient_funds", "payer_relays_in_flight", "authorization_rejected"]).toContain(a.code!);
    expect(await operatorTxCount()).toBe(before + 1);
    const relays = await relaysOf(intents.map((i) => i.id));
    expect(relays.length).toBe(1);
    expect((await mined(relays[0]!.relay_tx_hash)).status).toBe("success");
    await waitFor("the relayed intent confirmed", async () => (await statusOf(relays[0]!.intent_id)) === "confirmed", 30_000, 100);
  }, 180_000);

  test("relays per payer in flight, and the hourly budgets per merchant and in all: refused with their own codes, nothing sent", async () => {
    const amount = nextAmount();
    const intents = [await createIntent(svc, { amount, ttl: 900 }), await createIntent(svc, { amount, ttl: 900 }), await createIntent(svc, { amount, ttl: 900 })];
    const p = await fundedPayer(units(amount) * 3n);
    const signed = await Promise.all(intents.map(async (intent) => submission(await typedData(intent.id, p.address), await sign(p.key, await typedData(intent.id, p.address)))));
    await withLimits({ inFlightPerPayer: 2 }, () =>
      withoutMining(async () => {
        const before = await operatorTxCount();
        expect((await submit(intents[0]!.id, signed[0]!)).status).toBe(200);
        expect((await submit(intents[1]!.id, signed[1]!)).status).toBe(200);
        const third = await submit(intents[2]!.id, signed[2]!);
        expect({ status: third.status, code: third.body.error?.code, param: third.body.error?.param }).toEqual({ status: 429, code: "payer_relays_in_flight", param: "payer" });
        expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await operatorTxCount()).toBe(before + 2);
      }),
    );
    for (const intent of intents.slice(0, 2)) await waitFor(`${intent.id} confirmed`, async () => (await statusOf(intent.id)) === "confirmed", 30_000, 100);

    // The merchant's hourly budget: what was spent this hour already covers no further relay.
    const more = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const q = await fundedPayer(units(more.amount));
    const td = await typedData(more.id, q.address);
    const body = submission(td, await sign(q.key, td));
    for (const patch of [{ merchantWeiPerHour: 1n }, { totalWeiPerHour: 1n }]) {
      const before = await operatorTxCount();
      const refused = await withLimits(patch, () => submit(more.id, body));
      expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 503, code: "relay_budget_exhausted" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.error.message).toContain("Pay with a transfer");
      expect(await operatorTxCount()).toBe(before);
    }
    // Within the budgets again: the same signature is relayed.
    expect((await submit(more.id, body)).status).toBe(200);
    await waitFor(`${more.id} confirmed`, async () => (await statusOf(more.id)) === "confirmed", 30_000, 100);
    // The third intent of the first payer is relayed now that its others are mined.
    expect((await submit(intents[2]!.id, signed[2]!)).status).toBe(200);
  }, 120_000);

  test("a contract wallet whose signature check burns gas: refused above the cap, and never relayed with more gas than the cap", async () => {
    const { TestGasBurningWallet, TestContractWallet } = await loadArtifacts();
    const cap = limits().maxGas;
    const owner = generatePrivateKey();
    const ownerAddress = privateKeyToAccount(owner).address;
    const deploy = async (artifact: typeof TestGasBurningWallet, args: unknown[]) =>
      (await mined(await funder().deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args } as never))).contractAddress!;

    // What an honest relay costs here: an account's, and a contract wallet's plain ERC-1271 check.
    const costs: Record<string, bigint> = {};
    for (const [name, wallet] of [["account", null], ["contract wallet", await deploy(TestContractWallet, [ownerAddress])]] as const) {
      const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
      const p = wallet ? { key: owner, address: wallet } : await fundedPayer(0n);
      await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [p.address, units(intent.amount)] }));
      const td = await typedData(intent.id, p.address);
      const r = await submit(intent.id, submission(td, await sign(p.key, td)));
      expect(r.status).toBe(200);
      costs[name] = (await mined(r.body.tx_hash)).gasUsed;
    }
    // The default cap leaves both with room to spare.
    expect(costs.account! * 2n).toBeLessThan(cap);
    expect(costs["contract wallet"]! * 2n).toBeLessThan(cap);

    // A fixed burn of about 2M gas: estimated above the cap, refused before anything is sent.
    const heavy = await deploy(TestGasBurningWallet, [ownerAddress, 20_000n]);
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [heavy, units(intent.amount)] }));
    const td = await typedData(intent.id, heavy);
    const before = await operatorTxCount();
    const refused = await submit(intent.id, submission(td, await sign(owner, td)));
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 400, code: "relay_gas_above_cap" });
    expect(refused.body.error.message).toContain("Nothing was sent");
    expect(await operatorTxCount()).toBe(before);

    // A wallet that burns whatever it is given: its estimate is small, and the relay's gas limit holds it to the cap.
    const greedy = await deploy(TestGasBurningWallet, [ownerAddress, 0n]);
    const other = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [greedy, units(other.amount)] }));
    const tdGreedy = await typedData(other.id, greedy);
    const sent = await submit(other.id, submission(tdGreedy, await sign(owner, tdGreedy)));
    if (sent.status === 200) {
      const tx = await chain().publicClient.getTransaction({ hash: sent.body.tx_hash });
      expect(tx.gas).toBeLessThanOrEqual(cap);
      expect((await mined(sent.body.tx_hash)).gasUsed).toBeLessThanOrEqual(cap);
    } else {
      expect(["relay_gas_above_cap", "authorization_rejected"]).toContain(sent.body.error.code);
    }
    const [row] = await svc.ctx.database.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.payment_authorizations WHERE chain_id = ${chain().chainId} AND relay_gas_used > ${cap.toString()}`;
    expect(row!.n).toBe(0);
  }, 120_000);

  test("the signer is stopped while the customer pays by transfer: 'nothing was sent' is true, the transfer pays once, nothing is relayed later", async () => {
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const p = await fundedPayer(units(intent.amount));
    const td = await typedData(intent.id, p.address);
    const body = submission(td, await sign(p.key, td));
    const before = await operatorTxCount();
    // The API process without the key hands the relay to a signing role, and none is running.
    const c = chain() as { canSign: boolean };
    c.canSign = false;
    let answer;
    try {
      answer = await submit(intent.id, body);
    } finally {
      c.canSign = true;
    }
    expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 503, code: "service_unavailable" });
    expect(answer.body.error.message).toContain("Nothing was sent");
    // The customer pays by transfer instead (the sandbox payer sends exactly what the intent asks).
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    await waitFor(`${intent.id} confirmed`, async () => (await statusOf(intent.id)) === "confirmed", 30_000, 100);
    // The signer comes back: nothing was left for it to send.
    expect(await relayRequested(svc.ctx)).toBe(0);
    expect(await operatorTxCount()).toBe(before);
    expect(await relaysOf([intent.id])).toEqual([]);
  }, 60_000);

  test("a submission out of time: before its claim nothing is ever sent ('Nothing was sent' is true); after its relay was recorded it answers `submitted` with the hash, never 'nothing was sent'", async () => {
    const c = chain();
    // The chain answers the gas estimate slowly (the RPC under load): the answer is due before it is in.
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const p = await fundedPayer(units(intent.amount));
    const td = await typedData(intent.id, p.address);
    const estimate = c.publicClient.estimateContractGas;
    (c.publicClient as { estimateContractGas: unknown }).estimateContractGas = async (...args: Parameters<typeof estimate>) => {
      await Bun.sleep(5_000);
      return estimate.apply(c.publicClient, args);
    };
    const before = await operatorTxCount();
    let late;
    try {
      late = await submit(intent.id, submission(td, await sign(p.key, td)));
    } finally {
      (c.publicClient as { estimateContractGas: unknown }).estimateContractGas = estimate;
    }
    expect({ status: late.status, code: late.body.error?.code }).toEqual({ status: 503, code: "service_unavailable" });
    expect(late.body.error.message).toContain("Nothing was sent");
    // The work behind the answer finished meanwhile, and sent nothing.
    await Bun.sleep(2_000);
    expect(await operatorTxCount()).toBe(before);
    expect(await relaysOf([intent.id])).toEqual([]);
    expect(await statusOf(intent.id)).toBe("awaiting_payment");

    // Signed and recorded, then the broadcast is slow: the answer names the recorded transaction.
    const second = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const q = await fundedPayer(units(second.amount));
    const td2 = await typedData(second.id, q.address);
    const sender = c.sender;
    c.sender = new OperatorSender(svc.ctx.database.sql, c.chainId, c.publicClient, c.operator, { afterSign: () => Bun.sleep(5_000) });
    let recorded;
    try {
      recorded = await submit(second.id, submission(td2, await sign(q.key, td2)));
    } finally {
      c.sender = sender;
    }
    const [row] = await relaysOf([second.id]);
    expect({ status: recorded.status, state: recorded.body.status, tx: recorded.body.tx_hash }).toEqual({ status: 200, state: "submitted", tx: row!.relay_tx_hash });
    await waitFor(`${second.id} confirmed`, async () => (await statusOf(second.id)) === "confirmed", 30_000, 100);
  }, 90_000);

  test("relay rows written by hand (another token, another recipient, an intent already paid): the signer refuses them at send time and sends nothing", async () => {
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const p = await fundedPayer(units(intent.amount));
    const td = await typedData(intent.id, p.address);
    const signature = await sign(p.key, td);
    const m = td.message;
    const request = { valid_after: m.validAfter, valid_before: m.validBefore, signature };
    const sql = svc.ctx.database.sql;
    const queue = async (set: { token_address?: string; pay_to?: string }) => {
      await sql`
        UPDATE app.payment_authorizations
        SET token_address = ${(set.token_address ?? chain().usdc).toLowerCase()}, pay_to = ${(set.pay_to ?? m.to).toLowerCase()},
            relay_claim = 'by-hand', relay_claimed_at = now(), relay_request = ${sql.json(request)}, relay_due_at = now()
        WHERE intent_id = ${intent.id} AND payer = ${p.address.toLowerCase()}`;
    };
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const before = await operatorTxCount();
    for (const forged of [{ token_address: chain().tokens.USDT! }, { token_address: getAddress(intent.paymentAddress) }, { pay_to: stranger }]) {
      await queue(forged);
      expect(await relayRequested(svc.ctx)).toBe(1);
      const [row] = await sql<Array<{ relay_request: unknown; relay_tx_hash: string | null; relay_claim: string | null }>>`
        SELECT relay_request, relay_tx_hash, relay_claim FROM app.payment_authorizations WHERE intent_id = ${intent.id} AND payer = ${p.address.toLowerCase()}`;
      expect(row).toEqual({ relay_request: null, relay_tx_hash: null, relay_claim: null });
      expect(await operatorTxCount()).toBe(before);
    }
    // The same row as the API writes it is relayed by the signer: the checks refuse the forgeries, not the relay.
    await queue({});
    expect(await relayRequested(svc.ctx)).toBe(1);
    expect(await operatorTxCount()).toBe(before + 1);
    await waitFor(`${intent.id} confirmed`, async () => (await statusOf(intent.id)) === "confirmed", 30_000, 100);

    // A relay queued for an intent that a transfer paid meanwhile is dropped unsent.
    const paid = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const q = await fundedPayer(units(paid.amount));
    const tdPaid = await typedData(paid.id, q.address);
    await payer(svc).pay(paid.paymentAddress, paid.expectedUnits);
    await waitFor(`${paid.id} confirmed`, async () => (await statusOf(paid.id)) === "confirmed", 30_000, 100);
    await sql`
      UPDATE app.payment_authorizations
      SET relay_claim = 'queued', relay_claimed_at = now(), relay_due_at = now(),
          relay_request = ${sql.json({ valid_after: tdPaid.message.validAfter, valid_before: tdPaid.message.validBefore, signature: await sign(q.key, tdPaid) })}
      WHERE intent_id = ${paid.id} AND payer = ${q.address.toLowerCase()}`;
    const n = await operatorTxCount();
    expect(await relayRequested(svc.ctx)).toBe(1);
    expect(await operatorTxCount()).toBe(n);
    expect(await relaysOf([paid.id])).toEqual([]);
  }, 90_000);
});
