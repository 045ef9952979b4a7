/**
 * A merchant's balance (openapi.json: Balance): what its merchant account contract holds, reconciled with
 * the ledger.
 *
 * Definitions (all in base units of the pair's token, USDC unless a pair is named, at block B = the matcher's covered block, i.e. the newest
 * block up to which every payment is in the ledger; the chain's latest block minus its
 * confirmations when the matcher has not covered anything yet):
 *
 *   onchain(B)   = token.balanceOf(merchant account) at B                        (read from the chain)
 *   received(B)  = Σ amount of the merchant's transactions not failed, in blocks <= B   (ledger)
 *   feesPaid(B)  = Σ fee of the account's FeeCollected logs in the token in blocks <= B   (indexed chain data)
 *   withdrawn(B) = Σ amount of the account's Withdrawn logs in the token in blocks <= B   (indexed chain data)
 *   refunded(B)  = Σ amount of the merchant's succeeded refunds in the token mined in blocks <= B   (ledger)
 *
 * v1 and v2 accounts alike (migration 0010): a v2 account holds tokens by balanceOf like v1, and its
 * fees and withdrawals carry their token (token_address; v1 rows are the chain's USDC), so only
 * those of the pair's token are counted here (the ledger's transactions too).
 *   feesOwed(B)  = Σ fee of those transactions - feesPaid(B): the platform fees still sitting in
 *                  the account, not the merchant's money
 *
 *   reconciled   ⇔ onchain(B) = received(B) - feesPaid(B) - withdrawn(B) - refunded(B)
 *   available    = Σ net of the payments `available.ts` defines (confirmed, still in the account, in
 *                  no settlement) less what refunds set aside: the same definition a settlement run
 *                  takes, so a run right after this read settles exactly this figure.
 *   pending_settlement = Σ net of the merchant's transactions with settlement_status in_transit
 *                  (withdrawn from the account, on their way to the bank)
 *
 * The chain is read to check the ledger against it: a difference is logged (warn) and counted
 * (stablepay_balance_mismatch_total), and the settlement's withdrawal would be refused by the
 * contract rather than move money the account does not hold. If the chain cannot be read the figures
 * are unchanged and stablepay_balance_chain_read_failures_total counts it.
 *
 * Per pair: every figure is of one (chain, token) pair, the transactions of that chain id
 * and token and that token's balanceOf; the default pair (`base`/`USDC`) when the caller names none.
 */
import { getAddress, type Address } from "viem";
import { chainById, type AppContext } from "../../context.ts";
import type { merchants } from "../../db/schema/core.ts";
import { usdcAbi } from "../../../contracts/abis.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { fromPgTs } from "../../db/pg-values.ts";
import { isoMs } from "../../domain/text.ts";
import { t } from "elysia";
import { CHAIN_VIEWS, isViewsMissing } from "../matching/chain-reader.ts";
import { balanceChainReadFailures, balanceMismatches } from "../matching/metrics.ts";
import { availableUnits } from "./available.ts";
import { withTimeout } from "../../lib/timeout.ts";
import { CHAIN_NAMES, requireChainName, TOKEN_SYMBOLS, type ChainName, type TokenSymbol } from "../../domain/networks.ts";
import type { Pair } from "../../chain/pairs.ts";

type MerchantRow = typeof merchants.$inferSelect;

export interface MerchantBalance {
  merchantId: string;
  chain: ChainName;
  token: TokenSymbol;
  paymentAddress: string;
  availableUnits: bigint;
  pendingSettlementUnits: bigint;
  /** The block the figures are for (null: ledger only). */
  atBlock: bigint | null;
  onchainUnits: bigint | null;
  /** received - feesPaid - withdrawn at atBlock; null when the indexed data was not comparable. */
  expectedUnits: bigint | null;
  feesOwedUnits: bigint;
  source: "chain" | "ledger";
  /** null: not checked (ledger only, or the indexer is behind B). */
  reconciled: boolean | null;
  lastUpdated: Date;
}

/** How long GET balance waits for the chain before answering from the ledger alone. */
export const CHAIN_READ_TIMEOUT_MS = 1_500;

const zero = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(String(v)));

/**
 * The balance of merchant `m` in `pair` (chain/pairs.ts `resolvePair`); undefined: the merchant's own
 * chain and USDC, unfiltered (a mode with no enabled pair, as when the service had one pair).
 */
export async function computeMerchantBalance(ctx: AppContext, m: MerchantRow, pair?: Pair): Promise<MerchantBalance> {
  const sql = ctx.database.sql;
  const now = ctx.clock.now();
  // The chain of the pair (each chain its own runtime); the merchant's primary chain when no pair is named.
  const chain = chainById(ctx, pair?.chainId ?? m.chainId);
  // Only the pair's transactions (every query below reads app.transactions alone, unaliased).
  const ofPair = pair ? sql`AND chain_id = ${pair.chainId} AND token = ${pair.token}` : sql``;
  const [inTransit] = await sql<{ units: string | null }[]>`
    SELECT sum(net_units)::text AS units FROM app.transactions
    WHERE merchant_id = ${m.id} AND status <> 'failed' AND settlement_status = 'in_transit' ${ofPair}`;
  const pendingSettlementUnits = zero(inTransit?.units);
  const named = { chain: requireChainName(pair?.chainId ?? m.chainId), token: pair?.token ?? ("USDC" as const) };
  const base = { merchantId: m.id, ...named, paymentAddress: m.paymentAddress ?? "", pendingSettlementUnits, lastUpdated: now };
  if (!m.paymentAddress) {
    return { ...base, availableUnits: 0n, atBlock: null, onchainUnits: null, expectedUnits: null, feesOwedUnits: 0n, source: "ledger", reconciled: null };
  }

  const available = await availableUnits(sql, m.id, pair);
  const ledgerOnly = async (): Promise<MerchantBalance> => {
    const [r] = await sql<{ owed: string | null }[]>`
      SELECT sum(fee_units) FILTER (WHERE fee_status <> 'collected')::text AS owed
      FROM app.transactions WHERE merchant_id = ${m.id} AND status <> 'failed' ${ofPair}`;
    return { ...base, availableUnits: available, atBlock: null, onchainUnits: null, expectedUnits: null, feesOwedUnits: zero(r?.owed), source: "ledger", reconciled: null };
  };
  if (!chain || chain.mode !== m.mode) return ledgerOnly();
  // The token read on chain: the pair's (the chain runtime's USDC when no pair is named).
  const tokenAddress = pair?.tokenAddress ?? chain.usdc;

  const account = getAddress(m.paymentAddress) as Address;
  const labels = { chain_id: chain.chainId };
  // B: the matcher's covered block, else the chain's confirmed head.
  let atBlock: bigint;
  let onchain: bigint;
  try {
    const [cursor] = await sql<{ covered_block: bigint | null; updated_at: unknown }[]>`
      SELECT covered_block, updated_at FROM app.matcher_cursors WHERE chain_id = ${chain.chainId}`;
    // The ledger is as fresh as the matcher's last step over the chain: that is when these figures
    // were last brought up to date (it stops moving while the chain or the indexer is down).
    if (cursor?.updated_at) base.lastUpdated = fromPgTs(cursor.updated_at);
    // The chain only checks the ledger here: a stalled RPC must not hold the answer (ledger figures served).
    const read = (async () => {
      let b: bigint;
      if (cursor?.covered_block !== null && cursor?.covered_block !== undefined) b = BigInt(cursor.covered_block);
      else {
        const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
        b = head - BigInt(chain.confirmations) > 0n ? head - BigInt(chain.confirmations) : 0n;
      }
      return { b, balance: await chain.publicClient.readContract({ address: tokenAddress, abi: usdcAbi, functionName: "balanceOf", args: [account], blockNumber: b }) };
    })();
    const r = await withTimeout(read, CHAIN_READ_TIMEOUT_MS, "the chain did not answer the balance read in time");
    atBlock = r.b;
    onchain = r.balance;
  } catch (err) {
    balanceChainReadFailures.inc(labels);
    ctx.log.warn("balance: the chain could not be read; serving the ledger's figure", { merchantId: m.id, err });
    return ledgerOnly();
  }

  const [ledger] = await sql<{ received: string | null; fees_due: string | null; owed_ledger: string | null }[]>`
    SELECT sum(amount_units) FILTER (WHERE block_number <= ${atBlock})::text AS received,
           sum(fee_units) FILTER (WHERE block_number <= ${atBlock})::text AS fees_due,
           sum(fee_units) FILTER (WHERE block_number <= ${atBlock} AND fee_status <> 'collected')::text AS owed_ledger
    FROM app.transactions WHERE merchant_id = ${m.id} AND status <> 'failed' AND fee_status <> 'awaiting_sweep' ${ofPair}`;
  const received = zero(ledger?.received);
  const feesDue = zero(ledger?.fees_due);

  // Indexed fee collections and withdrawals up to B, with the checkpoint of the same statement
  // (views named in the order Ponder's view swap locks them: fee_collected, withdrawal, chain_checkpoint).
  let indexed: { fees: bigint; withdrawn: bigint; cp: bigint | null } | null = null;
  try {
    const rows = (await sql.unsafe(
      `SELECT (SELECT sum(f.fee)::text FROM ${CHAIN_VIEWS}.fee_collected f
               WHERE f.chain_id = $1 AND f.merchant_account = $2 AND f.block_number <= $3::int8 AND f.token_address = $4) AS fees,
              (SELECT sum(w.amount)::text FROM ${CHAIN_VIEWS}.withdrawal w
               WHERE w.chain_id = $1 AND w.merchant_account = $2 AND w.block_number <= $3::int8 AND w.token_address = $4) AS withdrawn,
              (SELECT c.block_number FROM ${CHAIN_VIEWS}.chain_checkpoint c WHERE c.chain_id = $1) AS cp`,
      [chain.chainId, account.toLowerCase(), atBlock, tokenAddress.toLowerCase()] as never[],
    )) as unknown as { fees: string | null; withdrawn: string | null; cp: bigint | null }[];
    const r = rows[0];
    if (r) indexed = { fees: zero(r.fees), withdrawn: zero(r.withdrawn), cp: r.cp === null ? null : BigInt(r.cp) };
  } catch (err) {
    // 42703: the views still show an instance from before token_address (an upgrade's swap is under way).
    if (!isViewsMissing(err) && (err as { code?: string }).code !== "42703") throw err;
  }

  // Refunds paid from the account up to B: the ledger's, recorded once confirmed (a refund
  // mined but not yet recorded shows as a short-lived mismatch).
  const refundsOfPair = pair ? sql`AND chain_id = ${pair.chainId} AND token = ${pair.token}` : sql``;
  const [paidBack] = await sql<{ units: string | null }[]>`
    SELECT sum(amount_units)::text AS units FROM app.refunds
    WHERE merchant_id = ${m.id} AND status = 'succeeded' AND block_number <= ${atBlock} ${refundsOfPair}`;
  const refunded = zero(paidBack?.units);

  // Comparable only when the indexer has reached B (it may be briefly behind after an instance swap).
  if (indexed && indexed.cp !== null && indexed.cp >= atBlock) {
    const expected = received - indexed.fees - indexed.withdrawn - refunded;
    const owed = feesDue - indexed.fees > 0n ? feesDue - indexed.fees : 0n;
    const reconciled = expected === onchain;
    if (!reconciled) {
      balanceMismatches.inc(labels);
      ctx.log.warn("balance mismatch: the merchant account's on-chain balance differs from the ledger", {
        merchantId: m.id,
        account,
        block: atBlock,
        onchain,
        expected,
        received,
        feesPaid: indexed.fees,
        withdrawn: indexed.withdrawn,
        difference: onchain - expected,
      });
    }
    return { ...base, availableUnits: available, atBlock, onchainUnits: onchain, expectedUnits: expected, feesOwedUnits: owed, source: "chain", reconciled };
  }
  const owed = zero(ledger?.owed_ledger);
  return { ...base, availableUnits: available, atBlock, onchainUnits: onchain, expectedUnits: null, feesOwedUnits: owed, source: "chain", reconciled: null };
}

export const BalanceSchema = t.Object(
  {
    object: t.Literal("balance"),
    merchant_id: t.String({ examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] }),
    available: t.Number({ examples: [1234.56], description: "Net of the confirmed payments held in the merchant account and in no settlement (platform fees not counted): exactly what the next settlement run takes." }),
    pending_settlement: t.Number({ examples: [0], description: "Withdrawn from the merchant account, on its way to the bank." }),
    currency: t.Literal("usd"),
    payment_address: t.String({ examples: ["0x5FbDB2315678afecb367f032d93F642f64180aa3"] }),
    chain: t.UnionEnum([...CHAIN_NAMES], { description: "The chain of the figures (the sandbox's test network is named as the chain it stands in for).", examples: ["base"] }),
    last_updated: t.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

/** An item of GET /v1/merchants/{id}/balances: the balance of one enabled pair, with its `token` (chain alone does not tell pairs apart). */
export const PairBalanceSchema = t.Object(
  { ...BalanceSchema.properties, token: t.UnionEnum([...TOKEN_SYMBOLS], { description: "The token of the figures.", examples: ["USDC"] }) },
  { additionalProperties: false, description: "The balance of one enabled (chain, token) pair: the balance object plus `token`." },
);

export function balanceShape(b: MerchantBalance) {
  return {
    object: "balance" as const,
    merchant_id: b.merchantId,
    available: unitsToUsd(b.availableUnits),
    pending_settlement: unitsToUsd(b.pendingSettlementUnits),
    currency: "usd" as const,
    payment_address: b.paymentAddress,
    chain: b.chain,
    last_updated: isoMs(b.lastUpdated),
  };
}

export function pairBalanceShape(b: MerchantBalance) {
  return { ...balanceShape(b), token: b.token };
}
