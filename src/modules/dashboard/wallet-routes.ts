/**
 * What the owner's browser wallet does from the dashboard, called by the wallet script
 * (web/dashboard/wallet.js) with the session's cookie and CSRF token (admins only, as every form):
 *   POST /dashboard/refunds/{id}/authorization   the EIP-712 message to sign (the API's GET …/authorization),
 *                                                with its chain's name and what a wallet adds to know it
 *   POST /dashboard/refunds/{id}/approve         the owner's signature: the API's approve (same service)
 *   POST /dashboard/merchants/{id}/budget        the grant or revoke transaction the owner's wallet sends
 *   POST /dashboard/merchants/{id}/budget/outcome   waits a little for that transaction to be mined
 *   GET  /dashboard/assets/wallet.js
 * Answers are JSON: the object, or `{ error: { code, message } }` with the API's status for a refusal.
 * The service never holds the owner's key: the signature and the transaction come from the wallet.
 */
import { Elysia } from "elysia";
import type { Hex } from "viem";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { pairsOf } from "../../chain/pairs.ts";
import { approveRefund, getVisibleRefund, refundAuthorization } from "../refunds/service.ts";
import { parseApproval } from "../refunds/input.ts";
import { refundShape } from "../refunds/shapes.ts";
import { BUDGET_MAX_UNITS, budgetTransaction, budgetTransactionOutcome, type BudgetChange } from "../refunds/budget.ts";
import type { Mode } from "../../domain/mode.ts";
import { localRpcOf, networkOf } from "../pay/status.ts";
import { DASHBOARD, pairValue, WALLET_SCRIPT_PATH } from "./layout.ts";
import { ADMIN_FORM, field, formAmount, json, PAGE_ROUTE, SECURITY_HEADERS, WALLET_JS, type DashboardKit } from "./kit.ts";

/** How long the outcome route waits for a budget transaction's receipt before answering `pending`. */
const OUTCOME_WAIT_MS = 20_000;

/** A refusal as the script shows it (an API rule's message); anything else is the error again. */
function refused(err: unknown): Response {
  if (err instanceof ApiError && err.status < 500) return json({ error: { code: err.code, message: err.message, param: err.param ?? null } }, err.status);
  throw err;
}

/**
 * The chain a wallet is switched to: its name, and what a wallet that does not know it is asked to
 * add (EIP-3085; the payment page's table and the sandbox's own RPC; null when none is known).
 */
function chainFor(ctx: AppContext, mode: Mode, chainId: number) {
  const n = networkOf(mode, chainId, localRpcOf(ctx, mode, chainId));
  return { chain_name: n.name, add_chain: n.addChain };
}

export function walletRoutes(ctx: AppContext, kit: DashboardKit) {
  const { guards, visibleMerchant } = kit;
  return new Elysia({ name: "dashboard-wallet" })
    .use(guards)
    .get(WALLET_SCRIPT_PATH, () => new Response(WALLET_JS, { headers: { ...SECURITY_HEADERS, "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" } }), PAGE_ROUTE)
    .post(
      `${DASHBOARD}/refunds/:id/authorization`,
      async ({ params, principal }) => {
        try {
          const refund = await getVisibleRefund(ctx, principal, params.id);
          return json({ ...(await refundAuthorization(ctx, refund)), ...chainFor(ctx, refund.mode, refund.chainId) });
        } catch (err) {
          return refused(err);
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/refunds/:id/approve`,
      async ({ params, principal, fields }) => {
        try {
          const refund = await getVisibleRefund(ctx, principal, params.id);
          // Absent (or empty) fields are missing; a deadline that is not digits is invalid (NaN), as parseApproval says.
          const signature = field(fields, "signature", 200) || undefined;
          const deadline = field(fields, "deadline", 20);
          const seconds = deadline === "" ? undefined : /^\d+$/.test(deadline) ? Number(deadline) : Number.NaN;
          const approval = parseApproval(signature, seconds, ctx.clock.now().getTime());
          return json(refundShape(await approveRefund(ctx, refund, approval.signature, approval.deadline)));
        } catch (err) {
          return refused(err);
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/merchants/:id/budget`,
      async ({ params, session, mode, fields, notFound }) => {
        const m = await visibleMerchant(session, mode, params.id);
        if (!m) return notFound();
        try {
          const pair = pairsOf(ctx, mode).find((p) => pairValue(p) === field(fields, "pair", 40));
          if (!pair) throw new ApiError("parameter_invalid", "Invalid chain and token: pick one of the list.", "pair");
          const action = field(fields, "action", 10);
          let change: BudgetChange;
          if (action === "revoke") change = { kind: "revoke" };
          else if (action === "grant") change = { kind: "grant", amountPer24hUnits: formAmount(field(fields, "amount_per_day", 40), "amount_per_day", BUDGET_MAX_UNITS), endDate: field(fields, "end_date", 20).trim() };
          else throw new ApiError("parameter_invalid", "Invalid action: grant or revoke.", "action");
          const tx = budgetTransaction(ctx, m, pair, change);
          return json({ chain_id: tx.chainId, ...chainFor(ctx, mode, tx.chainId), from: tx.from, to: tx.to, data: tx.data });
        } catch (err) {
          return refused(err);
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/merchants/:id/budget/outcome`,
      async ({ params, session, mode, fields, notFound }) => {
        const m = await visibleMerchant(session, mode, params.id);
        if (!m) return notFound();
        try {
          const hash = field(fields, "hash", 80);
          const chainId = Number(field(fields, "chain_id", 12));
          if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ApiError("parameter_invalid", "Invalid hash: expected 0x and 64 hexadecimal digits.", "hash");
          if (!pairsOf(ctx, mode).some((p) => p.chainId === chainId)) throw new ApiError("parameter_invalid", "Invalid chain_id: not a chain of this mode.", "chain_id");
          return json({ status: await budgetTransactionOutcome(ctx, chainId, hash as Hex, OUTCOME_WAIT_MS) });
        } catch (err) {
          return refused(err);
        }
      },
      ADMIN_FORM,
    );
}
