/**
 * The signing side of a payment by signature handed over (service.ts, handOverRelay): a process that
 * holds the operator key (the settler role) relays the authorizations whose relay_due_at has come,
 * as the API would have inline: through the nonce authority, the hash stored in the database
 * transaction that takes the nonce (which is what the waiting submission answers). Each is held for
 * LEASE while worked on; the relay_tx_hash guard makes a second relay of one row impossible.
 */
import type { Address, Hex } from "viem";
import type { AppContext } from "../../context.ts";
import { eip3009Abi } from "../../../contracts/abis.ts";

const LEASE = "30 seconds";

interface DueRelay {
  intent_id: string;
  payer: Address;
  chain_id: number;
  token_address: Address;
  pay_to: Address;
  value_units: string;
  nonce: Hex;
  relay_request: { valid_after: string; valid_before: string; signature: Hex };
}

/** One sweep: returns how many relays were handled. */
export async function relayRequested(ctx: AppContext, batch = 16): Promise<number> {
  const signable = ctx.networks.filter((c) => c.canSign).map((c) => c.chainId);
  if (!signable.length) return 0;
  const rows = await ctx.database.sql<DueRelay[]>`
    UPDATE app.payment_authorizations a SET relay_due_at = now() + ${LEASE}::interval
    FROM (SELECT intent_id, payer FROM app.payment_authorizations
          WHERE relay_due_at <= now() AND relay_tx_hash IS NULL AND chain_id = ANY (${signable}::int[])
          ORDER BY relay_due_at LIMIT ${batch} FOR UPDATE SKIP LOCKED) due
    WHERE a.intent_id = due.intent_id AND a.payer = due.payer
    RETURNING a.intent_id, a.payer, a.chain_id, a.token_address, a.pay_to, a.value_units::text AS value_units, a.nonce, a.relay_request`;
  await Promise.all(rows.map((r) => relayOne(ctx, r)));
  return rows.length;
}

async function relayOne(ctx: AppContext, r: DueRelay): Promise<void> {
  const chain = ctx.networks.find((c) => c.chainId === r.chain_id)!;
  try {
    const q = r.relay_request;
    const call = {
      address: r.token_address,
      abi: eip3009Abi,
      functionName: "transferWithAuthorization",
      args: [r.payer, r.pay_to, BigInt(r.value_units), BigInt(q.valid_after), BigInt(q.valid_before), r.nonce, q.signature],
    } as const;
    const hash = await chain.sender.write(call, async (tx, signed) => {
      await tx`UPDATE app.payment_authorizations SET relay_tx_hash = ${signed.hash}, relay_submitted_at = now(), relay_due_at = NULL
               WHERE intent_id = ${r.intent_id} AND payer = ${r.payer} AND relay_tx_hash IS NULL`;
    });
    ctx.log.info("payment by signature relayed for a process without the operator key", { intentId: r.intent_id, chainId: r.chain_id, txHash: hash });
  } catch (err) {
    // Refused by the token (used, expired, the payer's balance gone): dropped, the claim released for
    // the payer's retry, which the API checks afresh. Signed but not broadcast: the hash is recorded
    // and the nonce keeper sends it.
    await ctx.database.sql`
      UPDATE app.payment_authorizations SET relay_due_at = NULL, relay_request = NULL, relay_claimed_at = NULL
      WHERE intent_id = ${r.intent_id} AND payer = ${r.payer} AND relay_tx_hash IS NULL`;
    ctx.log.warn("payment by signature handed over was not relayed", { intentId: r.intent_id, error: (err as Error).message?.split("\n")[0] });
  }
}
