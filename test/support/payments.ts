/**
 * Helpers for tests and benchmarks that pay intents on the sandbox chain: create an intent through
 * the API, pay it from the sandbox payer with a viem wallet, and wait for things to happen.
 */
import { createWalletClient, http, parseEventLogs, type Address, type Hex, type PublicClient, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { usdcAbi } from "../../contracts/abis.ts";
import type { TestService } from "./service.ts";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export interface CreatedIntent {
  id: string;
  amount: number;
  expectedUnits: bigint;
  paymentAddress: Address;
  body: Record<string, unknown>;
}

/** POST /v1/payment-intents; the expected value is read from the QR payload (uint256=...). */
export async function createIntent(
  svc: TestService,
  input: { amount: number; merchantId?: string; ttl?: number; metadata?: Record<string, string>; key?: string },
): Promise<CreatedIntent> {
  const res = await svc.api("/v1/payment-intents", {
    method: "POST",
    key: input.key ?? svc.sandbox.test_key_scoped,
    json: {
      amount: input.amount,
      currency: "usd",
      merchant_id: input.merchantId ?? svc.sandbox.merchant_id,
      ...(input.ttl !== undefined ? { ttl: input.ttl } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
    },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 201) throw new Error(`create intent: ${res.status} ${JSON.stringify(body)}`);
  const m = /uint256=(\d+)/.exec(String(body.qr_payload));
  if (!m?.[1]) throw new Error(`no expected value in ${String(body.qr_payload)}`);
  return { id: String(body.id), amount: Number(body.amount), expectedUnits: BigInt(m[1]), paymentAddress: body.payment_address as Address, body };
}

export type Payer = ReturnType<typeof payer>;

/** The sandbox payer's wallet (funded with test USDC by the demo data). */
/**
 * The receipt of `hash`, asked for directly every `pollMs` until it exists. Not viem's
 * waitForTransactionReceipt: that one checks again only when it sees a new block, and on a test
 * chain (automine) that has gone quiet a waiter whose check of its own block was skipped (it was
 * still busy with the block before) waits for its whole timeout. A transaction that is never mined
 * fails here naming the sender's mined and pending counts.
 */
export async function minedReceipt(client: PublicClient, hash: Hex, opts: { pollMs?: number; timeoutMs?: number } = {}): Promise<TransactionReceipt> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
    if (Date.now() > deadline) {
      const tx = await client.getTransaction({ hash }).catch(() => null);
      const counts = tx ? `; its sender's mined count ${await client.getTransactionCount({ address: tx.from }).catch(String)}, pending ${await client.getTransactionCount({ address: tx.from, blockTag: "pending" }).catch(String)}, its nonce ${tx.nonce}` : "; the node does not know it";
      throw new Error(`transaction ${hash} not mined within ${timeoutMs / 1000} s${counts}`);
    }
    await sleep(opts.pollMs ?? 50);
  }
}

export function payer(svc: TestService, key: Hex = svc.sandbox.payer_private_key) {
  const chain = svc.ctx.chains.test;
  if (!chain) throw new Error("no sandbox chain");
  const account = privateKeyToAccount(key);
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account });
  return {
    address: account.address,
    /** Sends `value` base units of USDC to `to` and waits for the receipt. */
    async pay(to: Address, value: bigint, opts: { gas?: bigint } = {}) {
      const hash = await wallet.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [to, value], ...(opts.gas ? { gas: opts.gas } : {}) });
      const receipt = await minedReceipt(chain.publicClient, hash, { pollMs: 20 });
      const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
      if (receipt.status !== "success" || !log) throw new Error(`payment ${hash} failed`);
      return { hash, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, logIndex: log.logIndex };
    },
    /** Sends without waiting (for bursts); returns the hash. */
    send(to: Address, value: bigint, nonce?: number) {
      return wallet.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [to, value], ...(nonce !== undefined ? { nonce } : {}) });
    },
  };
}

/** JSON-RPC straight to the sandbox node (anvil_* and evm_* methods). */
export function rpc<T = unknown>(svc: TestService, method: string, params: unknown[] = []): Promise<T> {
  return rpcAt<T>(svc.sandbox.rpc_url, method, params);
}

/** JSON-RPC straight to a node by its URL (another sandbox chain's: `svc.sandbox.chains[i].rpc_url`). */
export async function rpcAt<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function getJson(svc: TestService, path: string, key?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await svc.api(path, key ? { key } : {});
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
