/**
 * Sweeping deposit addresses into their merchant's account (contracts/README.md "Deposit addresses";
 * docs/contributors.md "Deposit addresses: matched by address"). A payment to a deposit address
 * stays there until swept; until then its fee cannot be collected nor its net settled
 * (`fee_status = 'awaiting_sweep'`). When: the fee_collector role, every few seconds per chain.
 *
 * - What is swept: per (deposit address, token) of this chain, the payments awaiting their sweep,
 *   once they reach SWEEP_FLOOR_UNITS or their intent is confirmed (a matched payment). Dust a
 *   stranger sends to thousands of addresses whose intents were never paid costs nothing: it waits
 *   below the floor. A customer's reusable address has no intent: the floor alone decides (every
 *   transfer there is a payment, so a payment confirming it would let a stranger's dust cost gas).
 *   Only on a chain where the merchant's account exists: a sweep pays the account's address, which
 *   holds nothing of its own elsewhere.
 * - How: the factory's `sweepBatch`, which creates the addresses that have no code yet and isolates
 *   each item; batches planned from measured costs up to SWEEP_BATCH_MAX_GAS, each with its own gas
 *   limit (never a node's estimate), sent through the operator's nonce authority.
 * - Exactly once where it matters: a sweep moves whatever the address holds, so one sent twice moves
 *   nothing the second time. The request is recorded with its transaction's hash when it is signed
 *   (app.deposit_sweep_requests) and not sent again for SWEEP_RESEND_AFTER_MS; the matcher records
 *   the sweep itself when it is indexed (matching/deposits.ts recordSweep), which is what releases
 *   the payments.
 */
import { getAddress, type Hex } from "viem";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { tokenAddressOn } from "../../chain/runtime.ts";
import { hasCode } from "../../chain/deterministic-deployer.ts";
import { depositAddressAt, depositCustomerRef, depositFactoryAddress, depositIntentRef, planSweepBatches, sweepBatchCall } from "../../chain/deposit-address.ts";
import { pgTs } from "../../db/pg-values.ts";
import type { Tx } from "../../db/client.ts";

/** Below this (1 USD), an address whose intent no payment confirmed is not swept yet: dust waits. */
export const SWEEP_FLOOR_UNITS = 1_000_000n;
/** The most gas one batch may use (its items are planned to fit). */
export const SWEEP_BATCH_MAX_GAS = 3_000_000n;
/** A sweep requested and not yet seen by the matcher is requested again after this. */
export const SWEEP_RESEND_AFTER_MS = 120_000;
/** Addresses looked at per round and chain. */
const SWEEP_ITEMS_PER_ROUND = 200;

interface Due {
  address: string;
  owner: string;
  /** The second half of the address's salt: from its intent's id, or from a customer's address's id. */
  ref: Hex;
  token: string;
  units: bigint;
}

/** The (address, token) pairs of this chain due a sweep, oldest payment first. */
async function dueSweeps(ctx: AppContext, chainId: number, now: Date): Promise<Due[]> {
  const since = new Date(now.getTime() - SWEEP_RESEND_AFTER_MS);
  const rows = await ctx.database.sql<{ address: string; owner_account: string; intent_id: string | null; id: string | null; token: string; units: string }[]>`
    SELECT d.address, d.owner_account, d.intent_id, d.id, t.token, sum(t.amount_units)::text AS units
    FROM app.transactions t
    JOIN app.deposit_addresses d ON d.address = lower(t.payment_address)
    LEFT JOIN app.payment_intents p ON p.id = d.intent_id
    JOIN app.merchants m ON m.id = d.merchant_id
    WHERE t.chain_id = ${chainId} AND t.fee_status = 'awaiting_sweep' AND t.status <> 'failed'
      AND (m.chain_id = ${chainId} OR ${chainId}::int = ANY (m.account_chain_ids))
      -- A recent request still unanswered holds the pair back; one whose own sweep of this address and
      -- token is recorded does not (a customer's address is paid again after its sweep, and that payment
      -- must not wait). Another item of the same batch does not count: an item that failed (a token
      -- refusing the transfer) keeps its wait, so it is not sent again every round.
      AND NOT EXISTS (SELECT 1 FROM app.deposit_sweep_requests r
                      WHERE r.chain_id = t.chain_id AND r.address = d.address AND r.token = t.token
                        AND r.requested_at > ${pgTs(since)}::timestamptz
                        AND NOT EXISTS (SELECT 1 FROM app.deposit_sweeps s
                                        WHERE s.chain_id = r.chain_id AND s.tx_hash = r.tx_hash
                                          AND s.deposit_address = r.address AND s.token = r.token))
    GROUP BY d.address, d.owner_account, d.intent_id, d.id, t.token
    HAVING sum(t.amount_units) >= ${SWEEP_FLOOR_UNITS.toString()}::int8 OR bool_or(p.status IN ('confirmed', 'settled'))
    ORDER BY min(t.block_number)
    LIMIT ${SWEEP_ITEMS_PER_ROUND}`;
  // A row is an intent's or a customer's, never neither (its check constraint).
  return rows.map((r) => ({
    address: r.address,
    owner: r.owner_account,
    ref: r.intent_id !== null ? depositIntentRef(r.intent_id) : depositCustomerRef(r.id!),
    token: r.token,
    units: BigInt(r.units),
  }));
}

const factoryMissingWarned = new WeakMap<ChainRuntime, boolean>();

/**
 * One round on one chain: requests the sweeps that are due, in batches. Returns how many addresses
 * it asked to sweep (0 when nothing is due, or the chain has no deposit-address factory yet).
 */
export async function sweepDeposits(ctx: AppContext, chain: ChainRuntime): Promise<number> {
  const now = ctx.clock.now();
  const due = await dueSweeps(ctx, chain.chainId, now);
  if (due.length === 0) return 0;
  const factory = await depositFactoryAddress();
  if (!(await hasCode(chain.publicClient, factory))) {
    if (!factoryMissingWarned.get(chain)) {
      factoryMissingWarned.set(chain, true);
      ctx.log.warn("deposit addresses hold payments, but the deposit-address factory has no code on this chain: nothing is swept until it is deployed (any funded key: deployDepositFactory, src/chain/deposit-address.ts)", { chainId: chain.chainId, factory });
    }
    return 0;
  }
  const items = due.flatMap((d) => {
    const token = tokenAddressOn(chain, d.token);
    if (!token) return [];
    const owner = getAddress(d.owner);
    // The address the factory will sweep is the one the payments went to (both from the same owner and reference).
    if (depositAddressAt(factory, owner, d.ref).toLowerCase() !== d.address) return [];
    return [{ owner, intentRef: d.ref, token, hasCode: false, address: d.address, symbol: d.token }];
  });
  const byItem = new Map(items.map((i) => [`${i.owner}:${i.intentRef}:${i.token}`, i]));
  for (const batch of planSweepBatches(items, SWEEP_BATCH_MAX_GAS)) {
    const requested = batch.items.flatMap((i) => {
      const item = byItem.get(`${i.owner}:${i.intentRef}:${i.token}`);
      return item ? [{ address: item.address, token: item.symbol }] : [];
    });
    await chain.sender.write(
      sweepBatchCall(factory, batch.items),
      async (tx, signed) => {
        for (const r of requested) await recordRequest(tx, chain.chainId, r.address, r.token, now, signed.hash);
      },
      { gas: batch.gas },
    );
  }
  ctx.log.debug("deposit sweeps requested", { chainId: chain.chainId, addresses: items.length });
  return items.length;
}

async function recordRequest(tx: Tx, chainId: number, address: string, token: string, at: Date, hash: Hex): Promise<void> {
  await tx`
    INSERT INTO app.deposit_sweep_requests (chain_id, address, token, requested_at, tx_hash)
    VALUES (${chainId}, ${address}, ${token}, ${pgTs(at)}::timestamptz, ${hash})
    ON CONFLICT (chain_id, address, token) DO UPDATE SET requested_at = EXCLUDED.requested_at, tx_hash = EXCLUDED.tx_hash`;
}
