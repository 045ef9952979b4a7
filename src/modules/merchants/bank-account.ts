/**
 * Bank accounts of merchants created over /v1. We never store a full account number:
 * either the caller gives a payout-provider token of an account already linked there, or (sandbox
 * only) routing and account numbers, which the sandbox provider checks (ABA checksum) and
 * tokenizes. We keep the token, the bank name and the last 4 digits.
 */
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../db/schema/core.ts";
import { randomBase62 } from "../../domain/ids.ts";
import { payoutProviderFor } from "../payouts/providers/index.ts";

export interface BankAccountInput {
  token?: string;
  routing_number?: string;
  account_number?: string;
  bank_name?: string;
}

export interface LinkedBankAccount {
  token: string;
  bankName: string;
  last4: string;
}

export class BankAccountError extends Error {
  constructor(
    readonly code: "bank_account_invalid" | "payout_provider_missing" | "parameter_invalid",
    message: string,
  ) {
    super(message);
  }
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaChecksumValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export async function linkBankAccount(ctx: AppContext, mode: Mode, input: BankAccountInput): Promise<LinkedBankAccount> {
  const provider = payoutProviderFor(ctx, mode);
  if (!provider) throw new BankAccountError("payout_provider_missing", `No payout provider is configured for ${mode} mode: bank accounts cannot be linked. Ask the operator to configure one.`);
  const raw = input.routing_number !== undefined || input.account_number !== undefined;
  if (input.token !== undefined && raw) throw new BankAccountError("parameter_invalid", "Invalid bank_account: give either token, or routing_number and account_number, not both.");
  if (input.token !== undefined) {
    if (mode !== "test") throw new BankAccountError("bank_account_invalid", `The ${provider.name} payout provider does not resolve bank tokens through this API yet.`);
    const [row] = await ctx.database.sql<{ bank_name: string; last4: string }[]>`SELECT bank_name, last4 FROM app.sandbox_bank_tokens WHERE token = ${input.token}`;
    if (!row) throw new BankAccountError("bank_account_invalid", `No bank account is linked under token '${input.token.slice(0, 40)}' at the ${provider.name} payout provider.`);
    return { token: input.token, bankName: row.bank_name, last4: row.last4 };
  }
  if (!raw) throw new BankAccountError("parameter_invalid", "Invalid bank_account: give token, or (sandbox) routing_number and account_number.");
  if (mode !== "test") throw new BankAccountError("bank_account_invalid", "Live bank accounts are linked at the payout provider; send its token, never the account number.");
  const routing = input.routing_number ?? "";
  const account = input.account_number ?? "";
  if (!abaChecksumValid(routing)) throw new BankAccountError("bank_account_invalid", "routing_number is not a valid ABA routing number (9 digits with a valid checksum).");
  if (!/^\d{4,17}$/.test(account)) throw new BankAccountError("bank_account_invalid", "account_number must be 4 to 17 digits.");
  const token = `btok_${randomBase62(24)}`;
  const bankName = input.bank_name?.trim() || `Sandbox Bank ${routing}`;
  const last4 = account.slice(-4);
  await ctx.database.sql`INSERT INTO app.sandbox_bank_tokens (token, bank_name, last4, routing) VALUES (${token}, ${bankName}, ${last4}, ${routing})`;
  return { token, bankName, last4 };
}
