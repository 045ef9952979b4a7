/**
 * What the hosted payment page of one intent may know, read in ONE query: the intent (with the
 * merchant's business name) and the transfers that concern it. This is the page's own view, not a
 * /v1 wire shape: the API's intent shapes stay exactly as documented.
 *
 * Nothing here goes beyond what the QR, the amount and the public chain already reveal, plus the
 * business name: no fee, no net amount, no metadata, no account.
 */
import type { PaymentAddressType } from "../../domain/payment-address-type.ts";
import { getAddress } from "viem";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../config.ts";
import { isIdOf } from "../../domain/ids.ts";
import { fromPgTs } from "../../db/pg-values.ts";
import { isoMs } from "../../domain/text.ts";
import { intentFromDb } from "../payment-intents/service.ts";
import { qrPayload, type IntentRow } from "../payment-intents/shapes.ts";

import { tokenAddressFor } from "../../chain/pairs.ts";
import { networkFactsOf, SANDBOX_CHAIN_IDS, type ChainName, type NativeCurrency, type TokenSymbol } from "../../domain/networks.ts";

/**
 * A transfer to the merchant's address, linked to no intent, within this much of the intent's amount
 * and inside its payment window, is shown on the page as "a payment that did not match": most often
 * the customer typed the amount without the tag (docs/contributors.md "Hosted payment page").
 */
export const MISMATCH_WINDOW_UNITS = 1_000_000n;
/** How long after expires_at an unlinked transfer still counts as "maybe meant for this intent". */
export const MISMATCH_AFTER_EXPIRY_MS = 10 * 60 * 1000;
/** At most this many transfers are listed on a page. */
const MAX_TRANSFERS = 10;

export interface PageTransfer {
  /** Exact USDC, 6 decimals, e.g. "12.500037". */
  usdc: string;
  tx_hash: string;
  at: string;
}

/** The live part of the page, sent as JSON by /pay/{id}/status and the event stream. */
export interface PageStatus {
  status: IntentRow["status"];
  expires_at: string;
  /** Present when the API calls the intent confirmed (or settled, which follows confirmed). */
  receipt?: { usdc: string; tx_hash: string; confirmed_at: string };
  /** Other transfers linked to this intent: late (after expiry or cancel) or a second payment. */
  extra_payments: PageTransfer[];
  /** Transfers linked to no intent that look like a wrong-amount attempt at this one. */
  mismatched_payments: PageTransfer[];
  /**
   * Awaiting payment at an address of its own (a deposit intent) that has received part of its
   * amount: what arrived and what is left to send there (an exchange often sends a little less).
   */
  partial?: { usdc_received: string; usdc_remaining: string };
  /**
   * Awaiting payment, and a transfer of exactly the expected value to the address is indexed but not
   * yet as deep as the chain's confirmations (added by the stream hub, see stream.ts `sweep`).
   */
  seen?: { tx_hash: string; confirmations: number };
}

/** wallet_addEthereumChain's parameter (EIP-3085), as the page hands it to the wallet. */
export interface AddChainParams {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

export interface Network {
  chainId: number;
  /** The chain's name in the API (the intent's pair), e.g. "arbitrum"; undefined for an id outside the table. */
  chain: ChainName | undefined;
  /** What people call it, e.g. "Base", "Arbitrum One", "Base Sepolia", "Local sandbox chain (Anvil)". */
  name: string;
  live: boolean;
  /** Block explorer prefix for transaction links; null when the chain has none (local sandbox). */
  txUrl: string | null;
  /** What the wallet button asks a wallet to add when it does not know the chain; null when no RPC is known. */
  addChain: AddChainParams | null;
}

/**
 * The network of a chain id, from the table of known chains (src/domain/networks.ts). `localRpcUrl`:
 * the RPC URL of the sandbox chain from configuration, given to wallets for the local anvil chain,
 * which has no public endpoint (a hosted testnet's configured RPC may carry a provider key, so it is
 * never rendered: those use the table's public endpoint).
 */
export function networkOf(mode: Mode, chainId: number, localRpcUrl?: string): Network {
  const facts = networkFactsOf(chainId);
  if (!facts) return { chainId, chain: undefined, name: `Chain ${chainId}`, live: mode === "live", txUrl: null, addChain: null };
  const rpcUrl = facts.rpcUrl ?? (isLocalChain(chainId) ? localRpcUrl : undefined);
  return {
    chainId,
    chain: facts.chain,
    name: facts.displayName,
    live: mode === "live",
    txUrl: facts.explorerUrl ? `${facts.explorerUrl}/tx/` : null,
    addChain: rpcUrl
      ? {
          chainId: `0x${chainId.toString(16)}`,
          chainName: facts.displayName,
          nativeCurrency: { ...facts.nativeCurrency },
          rpcUrls: [rpcUrl],
          ...(facts.explorerUrl ? { blockExplorerUrls: [facts.explorerUrl] } : {}),
        }
      : null,
  };
}

/** Everything the page renders. */
export interface PageView {
  id: string;
  businessName: string;
  mode: Mode;
  amountUnits: bigint;
  expectedUnits: bigint;
  tagUnits: number;
  paymentAddress: string;
  /** `deposit`: the intent's own address, any amounts sent to it count (an exchange can pay it). */
  paymentAddressType: PaymentAddressType;
  /** The contract of `token` on the intent's chain (field name kept from when the service had one chain). */
  usdcAddress: string;
  /** The intent's stored token: what the page names. */
  token: TokenSymbol;
  qrPayload: string;
  network: Network;
  merchantId: string;
  state: PageStatus;
  /** What the merchant refunded of this payment: refunds paid on chain, and those being sent. */
  refunds: PageRefunds;
  /** This page's public address (PUBLIC_BASE_URL): what a wallet app's own browser is asked to open. */
  pageUrl: string;
  /** Where the customer goes once the payment is confirmed (the payment link's `after_completion`), or null. */
  redirectUrl: string | null;
}

export interface PageRefunds {
  /** The payment's amount received (what a refund in full gives back). */
  receivedUnits: bigint;
  succeeded: Array<{ units: bigint; txHash: string }>;
  /** Refunds approved and being sent (not yet confirmed on chain). */
  inProgressUnits: bigint;
}

/** The embedded anvil chains (docs/contributors.md "Sandbox"; domain/networks.ts): their RPC is the sandbox's own. */
const isLocalChain = (chainId: number) => Object.values(SANDBOX_CHAIN_IDS).includes(chainId);

/** Exact USDC text of base units: 12500037n -> "12.500037". */
export function usdcText(units: bigint): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  return `${neg ? "-" : ""}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, "0")}`;
}

/** USD text of base units, rounded down to the cent as the amount always is: 12500000n -> "12.50". */
export function usdText(units: bigint): string {
  return `${units / 1_000_000n}.${((units % 1_000_000n) / 10_000n).toString().padStart(2, "0")}`;
}

/** The contract of the intent's token on its chain (the enabled pair's, else the table's; chain/pairs.ts). */
function tokenAddressOf(ctx: AppContext, mode: Mode, chainId: number, token: TokenSymbol): string {
  const address = tokenAddressFor(ctx, mode, chainId, token) ?? (token === "USDC" ? ctx.config.chains[mode]?.usdcAddress : undefined);
  if (!address) throw new Error(`no address of ${token} on chain ${chainId} (${mode})`);
  return getAddress(address);
}

/** The configured RPC URL of a chain of the mode when it is a local sandbox chain (see networkOf). */
export function localRpcOf(ctx: AppContext, mode: Mode, chainId: number): string | undefined {
  const c = [ctx.config.chains[mode], ...ctx.config.chains.others].find((s) => s?.mode === mode && s.chainId === chainId);
  return c && isLocalChain(chainId) ? c.rpcHttpUrl : undefined;
}

/**
 * The page of intent `id`, or null when there is no such intent. One statement: the intent, the
 * merchant's name, and (as a json array) the transfers linked to it or near it.
 */
export async function loadPageView(ctx: AppContext, id: string): Promise<PageView | null> {
  if (!isIdOf("paymentIntent", id)) return null;
  const rows = await ctx.database.sql`
    SELECT p.*, m.business_name,
      COALESCE((
        SELECT json_agg(json_build_object('id', t.id, 'linked', t.payment_intent_id IS NOT NULL, 'units', t.amount_units::text,
                                          'tx_hash', t.tx_hash, 'at', t.confirmed_at) ORDER BY t.confirmed_at, t.id)
        FROM (
          SELECT * FROM app.transactions t
          WHERE t.merchant_id = p.merchant_id AND t.chain_id = p.chain_id AND t.token = p.token
            AND t.status <> 'failed' AND t.confirmed_at >= p.created_at
            AND (t.payment_intent_id = p.id
                 OR (t.payment_intent_id IS NULL AND p.payment_address_type = 'shared'
                     AND t.confirmed_at <= p.expires_at + ${`${MISMATCH_AFTER_EXPIRY_MS} milliseconds`}::interval
                     AND t.amount_units <> p.expected_units
                     AND abs(t.amount_units - p.expected_units) < ${MISMATCH_WINDOW_UNITS.toString()}::bigint))
          ORDER BY t.confirmed_at, t.id
          LIMIT ${MAX_TRANSFERS + 1}
        ) t
      ), '[]'::json) AS transfers,
      COALESCE((
        SELECT json_agg(json_build_object('units', r.amount_units::text, 'status', r.status, 'tx_hash', r.tx_hash) ORDER BY r.created_at, r.id)
        FROM app.refunds r WHERE r.payment_intent_id = p.id AND r.transaction_id = p.transaction_id AND r.status IN ('pending', 'succeeded')
      ), '[]'::json) AS refunds,
      (SELECT t.amount_units::text FROM app.transactions t WHERE t.id = p.transaction_id) AS paid_units,
      (SELECT l.redirect_url FROM app.payment_link_claims c JOIN app.payment_links l ON l.id = c.link_id WHERE c.intent_id = p.id) AS redirect_url
    FROM app.payment_intents p JOIN app.merchants m ON m.id = p.merchant_id
    WHERE p.id = ${id}`;
  const row = rows[0];
  if (!row) return null;
  const intent = intentFromDb(row);
  const transfers = (typeof row.transfers === "string" ? JSON.parse(row.transfers) : row.transfers) as {
    id: string;
    linked: boolean;
    units: string;
    tx_hash: string;
    at: string;
  }[];
  const refunds = (typeof row.refunds === "string" ? JSON.parse(row.refunds) : row.refunds) as { units: string; status: string; tx_hash: string | null }[];
  const usdcAddress = tokenAddressOf(ctx, intent.mode, intent.chainId, intent.token);
  return {
    id: intent.id,
    businessName: String(row.business_name),
    mode: intent.mode,
    merchantId: intent.merchantId,
    amountUnits: intent.amountUnits,
    expectedUnits: intent.expectedUnits,
    tagUnits: intent.tagUnits,
    paymentAddress: intent.paymentAddress,
    paymentAddressType: intent.paymentAddressType,
    usdcAddress,
    token: intent.token,
    qrPayload: qrPayload(usdcAddress, intent.chainId, intent.paymentAddress, intent.expectedUnits),
    network: networkOf(intent.mode, intent.chainId, localRpcOf(ctx, intent.mode, intent.chainId)),
    state: pageStatus(intent, transfers),
    pageUrl: `${ctx.config.publicBaseUrl}/pay/${intent.id}`,
    redirectUrl: (row.redirect_url as string | null) ?? null,
    refunds: {
      receivedUnits: BigInt((row.paid_units as string | null) ?? "0"),
      succeeded: refunds.filter((r) => r.status === "succeeded" && r.tx_hash).map((r) => ({ units: BigInt(r.units), txHash: r.tx_hash! })),
      inProgressUnits: refunds.filter((r) => r.status === "pending").reduce((sum, r) => sum + BigInt(r.units), 0n),
    },
  };
}

function pageStatus(intent: IntentRow, transfers: { id: string; linked: boolean; units: string; tx_hash: string; at: string }[]): PageStatus {
  const confirmed = (intent.status === "confirmed" || intent.status === "settled") && intent.txHash !== null && intent.confirmedAt !== null;
  const toTransfer = (t: (typeof transfers)[number]): PageTransfer => ({ usdc: usdcText(BigInt(t.units)), tx_hash: t.tx_hash, at: isoMs(fromPgTs(t.at)) });
  const open = intent.status === "awaiting_payment";
  const deposit = intent.paymentAddressType === "deposit";
  // Every transfer to a deposit intent's own address counts toward it: while it is open, and up to
  // its confirmation, a transfer is a part of the payment, not another payment.
  const partOfPayment = (t: (typeof transfers)[number]) => deposit && (open || (confirmed && fromPgTs(t.at).getTime() <= intent.confirmedAt!.getTime()));
  const partial = deposit && open && intent.receivedUnits > 0n && intent.receivedUnits < intent.expectedUnits;
  return {
    status: intent.status,
    expires_at: isoMs(intent.expiresAt),
    ...(confirmed ? { receipt: { usdc: usdcText(intent.expectedUnits), tx_hash: intent.txHash!, confirmed_at: isoMs(intent.confirmedAt!) } } : {}),
    ...(partial ? { partial: { usdc_received: usdcText(intent.receivedUnits), usdc_remaining: usdcText(intent.expectedUnits - intent.receivedUnits) } } : {}),
    extra_payments: transfers.filter((t) => t.linked && t.id !== intent.transactionId && !partOfPayment(t)).slice(0, MAX_TRANSFERS).map(toTransfer),
    mismatched_payments: transfers.filter((t) => !t.linked).slice(0, MAX_TRANSFERS).map(toTransfer),
  };
}
