/**
 * Payment by signature next to a plain transfer, in one run of the service as `npm start` starts it
 * (embedded Postgres and sandbox chain with its 1 s blocks; roles api, indexer, matcher):
 *   signature   signature received (POST /v1/payment-intents/{id}/authorization sent) to the intent
 *               confirmed (GET answers `confirmed`), the payer holding USDC and no ETH;
 *   transfer    the customer's transfer sent to the intent confirmed.
 * Prints p50 and p99 of each, and the gas of a relay next to the gas of a plain transfer.
 *
 *   bun bench/relay.ts [--n 20]
 */
import { rmSync } from "node:fs";
import { createWalletClient, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { startService } from "../src/service.ts";
import { benchConfig } from "./support/bench-config.ts";

const argv = process.argv.slice(2);
const n = Number(argv[argv.indexOf("--n") + 1] ?? "20") || 20;

// Ports from the shell when given (e.g. a machine where only a range is free to use).
const ports = Object.fromEntries(
  ["PORT", "EMBEDDED_POSTGRES_PORT", "SANDBOX_ANVIL_PORT", "SANDBOX_ANVIL_PORT_ARBITRUM", "INDEXER_PORT"].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
);
const { config, dataDir } = await benchConfig("relay", { ROLES: "api,indexer,matcher", LOG_LEVEL: "error", RATE_LIMIT_TEST_PER_SECOND: "100000", ...ports });
const svc = await startService(config);
try {
  const sandbox = svc.sandbox!;
  const chain = svc.ctx.chains.test!;
  const key = sandbox.test_key_scoped;
  const funder = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: privateKeyToAccount(sandbox.payer_private_key as Hex) });
  const api = async (path: string, init: { method?: string; json?: unknown; auth?: boolean } = {}) => {
    const res = await fetch(`${svc.apiUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { ...(init.auth === false ? {} : { authorization: `Bearer ${key}` }), ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
    const body = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  let seq = 0;
  const create = async () => {
    const intent = await api("/v1/payment-intents", { method: "POST", json: { amount: 10 + ++seq + 0.5, currency: "usd", merchant_id: sandbox.merchant_id, ttl: 3600 } });
    const expected = BigInt(/uint256=(\d+)/.exec(String(intent.qr_payload))![1]!);
    return { id: String(intent.id), address: intent.payment_address as Address, units: BigInt(Math.round(Number(intent.amount) * 1e6)), expected };
  };
  const confirmed = async (id: string) => {
    for (;;) {
      if ((await api(`/v1/payment-intents/${id}`)).status === "confirmed") return;
      await Bun.sleep(20);
    }
  };

  // Payers with USDC and no ETH, funded before anything is timed.
  const payers = Array.from({ length: n }, () => generatePrivateKey());
  let last: Hex | undefined;
  for (const p of payers) last = await funder.writeContract({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [privateKeyToAccount(p).address, 1_000_000_000n] });
  await chain.publicClient.waitForTransactionReceipt({ hash: last! });

  const sig: number[] = [];
  const plain: number[] = [];
  const relayGas: bigint[] = [];
  const transferGas: bigint[] = [];
  for (let i = 0; i < n; i++) {
    // Signature: typed data fetched and signed first (the customer's part), then timed from the POST.
    const a = await create();
    const account = privateKeyToAccount(payers[i]!);
    const td = (await api(`/v1/payment-intents/${a.id}/authorization?payer=${account.address}`, { auth: false })).typed_data;
    const { EIP712Domain: _d, ...types } = td.types;
    const m = td.message;
    const signature = await account.signTypedData({ domain: td.domain, types, primaryType: td.primaryType, message: { ...m, value: BigInt(m.value), validAfter: BigInt(m.validAfter), validBefore: BigInt(m.validBefore) } });
    let t0 = performance.now();
    const sub = await api(`/v1/payment-intents/${a.id}/authorization`, { method: "POST", auth: false, json: { payer: m.from, signature, valid_after: m.validAfter, valid_before: m.validBefore, nonce: m.nonce } });
    await confirmed(a.id);
    sig.push(performance.now() - t0);
    relayGas.push((await chain.publicClient.waitForTransactionReceipt({ hash: sub.tx_hash })).gasUsed);

    // Plain transfer of the expected value from the sandbox payer (who holds ETH).
    const b = await create();
    t0 = performance.now();
    const hash = await funder.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [b.address, b.expected] });
    await confirmed(b.id);
    plain.push(performance.now() - t0);
    transferGas.push((await chain.publicClient.waitForTransactionReceipt({ hash })).gasUsed);
  }

  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((x, y) => x - y);
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  };
  const median = (xs: bigint[]) => [...xs].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))[Math.floor(xs.length / 2)]!;
  console.log(`payment to confirmed, ${n} each, embedded sandbox chain (SANDBOX_BLOCK_TIME=${process.env.SANDBOX_BLOCK_TIME ?? "1"} s), its confirmation depth`);
  console.log(`  signature (POST received -> confirmed)  p50 ${pct(sig, 50).toFixed(0)} ms  p99 ${pct(sig, 99).toFixed(0)} ms`);
  console.log(`  plain transfer (sent -> confirmed)      p50 ${pct(plain, 50).toFixed(0)} ms  p99 ${pct(plain, 99).toFixed(0)} ms`);
  console.log(`gas: relay (transferWithAuthorization) ${median(relayGas)}  plain transfer ${median(transferGas)}  (medians)`);
} finally {
  await svc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
