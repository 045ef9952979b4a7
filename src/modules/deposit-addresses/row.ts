/** A customer's deposit address as the service reads it: its row of app.deposit_addresses, what it received, and where it is swept. */
import { getAddress, type Address } from "viem";
import type { Mode } from "../../db/schema/core.ts";
import type { ChainName, TokenSymbol } from "../../domain/networks.ts";
import { fromPgJson, fromPgTs } from "../../db/pg-values.ts";

export interface DepositAddressRow {
  id: string;
  mode: Mode;
  merchantId: string;
  /** Checksummed; the same on every chain. */
  address: Address;
  customerReference: string;
  /** Payments to it that did not fail, in every token on every chain (USD stablecoins of 6 decimals: summed as USD). */
  receivedUnits: bigint;
  paymentCount: number;
  /** Where its payments are swept into the merchant's account (chains where the account exists, in the mode). */
  networks: readonly { chain: ChainName; tokens: readonly TokenSymbol[] }[];
  metadata: Record<string, string>;
  createdAt: Date;
}

/** The columns every read selects, `d` the deposit address. */
export const SELECT_DEPOSIT_ADDRESS = `
  SELECT d.id, d.mode, d.merchant_id, d.address, d.customer_reference, d.metadata, d.created_at,
         coalesce(x.units, 0)::text AS received_units, coalesce(x.n, 0)::int AS payment_count,
         m.chain_id AS m_chain_id, m.account_chain_ids AS m_account_chain_ids, m.account_version::int AS m_account_version
  FROM app.deposit_addresses d
  JOIN app.merchants m ON m.id = d.merchant_id
  LEFT JOIN LATERAL (
    SELECT sum(t.amount_units) AS units, count(*) AS n FROM app.transactions t
    WHERE t.deposit_address_id = d.id AND t.status <> 'failed'
  ) x ON true`;

/** The merchant's account facts a row carries: where its account exists, and its version (a v1 account takes USDC only). */
export interface AccountFacts {
  mode: Mode;
  chainIds: readonly number[];
  accountVersion: number;
}

export function fromRow(r: Record<string, unknown>, networksOf: (a: AccountFacts) => DepositAddressRow["networks"]): DepositAddressRow {
  const chainIds = [Number(r.m_chain_id), ...((r.m_account_chain_ids as number[] | null) ?? []).map(Number)];
  const networks = networksOf({ mode: r.mode as Mode, chainIds, accountVersion: Number(r.m_account_version) });
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    merchantId: r.merchant_id as string,
    address: getAddress(r.address as string),
    customerReference: r.customer_reference as string,
    receivedUnits: BigInt(r.received_units as string),
    paymentCount: Number(r.payment_count),
    networks,
    metadata: fromPgJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: fromPgTs(r.created_at),
  };
}
