/** A payment link as the service reads it: one row of app.payment_links with its merchant's name and confirmed uses. */
import type { Mode } from "../../db/schema/core.ts";
import { chainNameOf, type ChainName, type TokenSymbol } from "../../domain/networks.ts";
import { fromPgJson, fromPgTs, fromPgTsOrNull } from "../../db/pg-values.ts";

export interface LinkRow {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  businessName: string;
  active: boolean;
  amountUnits: bigint | null;
  minimumUnits: bigint | null;
  maximumUnits: bigint | null;
  presetUnits: bigint | null;
  chainId: number;
  chain: ChainName | undefined;
  token: TokenSymbol;
  maxUses: number | null;
  uses: number;
  expiresAt: Date | null;
  redirectUrl: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(v as bigint));

export function fromRow(r: Record<string, unknown>): LinkRow {
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    accountId: r.account_id as string,
    merchantId: r.merchant_id as string,
    businessName: String(r.business_name ?? ""),
    active: r.active as boolean,
    amountUnits: big(r.amount_units),
    minimumUnits: big(r.minimum_units),
    maximumUnits: big(r.maximum_units),
    presetUnits: big(r.preset_units),
    chainId: Number(r.chain_id),
    chain: chainNameOf(Number(r.chain_id)),
    token: r.token as TokenSymbol,
    maxUses: r.max_uses === null || r.max_uses === undefined ? null : Number(r.max_uses),
    uses: Number(r.uses ?? 0),
    expiresAt: fromPgTsOrNull(r.expires_at),
    redirectUrl: (r.redirect_url as string | null) ?? null,
    metadata: fromPgJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: fromPgTs(r.created_at),
  };
}

