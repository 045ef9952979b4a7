/**
 * Health checks, public: GET /health (the process answers, and its worker loops finish rounds) and
 * GET /ready (the process can serve: Postgres answers within 2 s). Load balancers should route on
 * /ready, restart on /health.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../context.ts";
import { CHAIN_VIEWS } from "../modules/matching/chain-reader.ts";
import { within } from "../lib/timeout.ts";
import { operatorStatusByChain } from "../modules/operator/status.ts";
import { stalledLoops } from "../lib/heartbeats.ts";

const READY_TIMEOUT_MS = 2_000;

const draining = new WeakSet<AppContext>();

/** The stop has begun (SIGTERM): /ready answers 503 from now on, at once, so load balancers move away before the server stops accepting. */
export function startDraining(ctx: AppContext): void {
  draining.add(ctx);
}

const HealthSchema = t.Object({ status: t.Literal("ok") }, { examples: [{ status: "ok" }] });
const StalledSchema = t.Object(
  {
    status: t.Literal("stalled"),
    /** The worker loops that finished no round within their allowance, and for how long. */
    stalled: t.Array(t.Object({ role: t.String(), seconds_since_last_round: t.Number() })),
  },
  { description: "A worker loop of this process is wedged: restart it", examples: [{ status: "stalled", stalled: [{ role: "dispatcher", seconds_since_last_round: 184.2 }] }] },
);
const ChainCheck = t.Object({
  chain_id: t.Integer(),
  rpc: t.Union([t.Literal("ok"), t.Literal("unreachable")]),
  head_block: t.Union([t.Integer(), t.Null()]),
  indexed_block: t.Union([t.Integer(), t.Null()]),
  /** Blocks the indexer is behind the chain's head (null when either is unknown). */
  indexer_lag_blocks: t.Union([t.Integer(), t.Null()]),
  indexer: t.Union([t.Literal("ok"), t.Literal("catching_up"), t.Literal("starting"), t.Literal("unknown")]),
  /** The operator's transactions: `stuck` when its oldest unconfirmed one has waited 2 minutes or more. */
  operator: t.Union([t.Literal("ok"), t.Literal("stuck")]),
  /** Seconds the operator's oldest unconfirmed transaction has waited (null: none). */
  operator_unconfirmed_s: t.Union([t.Number(), t.Null()]),
});
const readyFields = {
  status: t.Union([t.Literal("ready"), t.Literal("unavailable")]),
  checks: t.Object({ database: t.Union([t.Literal("ok"), t.Literal("unreachable")]), chains: t.Array(ChainCheck) }),
};
const example = { chain_id: 31337, rpc: "ok", head_block: 1204, indexed_block: 1204, indexer_lag_blocks: 0, indexer: "ok", operator: "ok", operator_unconfirmed_s: null };
const ReadySchema = t.Object(readyFields, { examples: [{ status: "ready", checks: { database: "ok", chains: [example] } }] });
const UnavailableSchema = t.Object({ ...readyFields, draining: t.Optional(t.Literal(true, { description: "The process is stopping (SIGTERM): route elsewhere; no check was run." })) }, { description: "Not ready", examples: [{ status: "unavailable", checks: { database: "unreachable", chains: [] } }] });

export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: "health" })
    .get(
      "/health",
      ({ set }) => {
        // A wedged loop logs nothing and fails nothing: the process answers, but does not work.
        const stalled = stalledLoops();
        if (stalled.length === 0) return { status: "ok" as const };
        set.status = 503;
        return { status: "stalled" as const, stalled: stalled.map((l) => ({ role: l.role, seconds_since_last_round: Math.round(l.sinceMs / 100) / 10 })) };
      },
      {
        response: { 200: HealthSchema, 503: StalledSchema },
        detail: { tags: ["Operations"], summary: "Liveness", description: "The process answers, and each of its worker loops finished a round within its allowance (3 times its interval and longest backoff, at least 2 minutes); 503 names the loops that did not (restart the process). Public.", security: [] },
      },
    )
    .get(
      "/ready",
      async ({ set }) => {
        if (draining.has(ctx)) {
          set.status = 503;
          return { status: "unavailable" as const, draining: true as const, checks: { database: ctx.database.health.reachable ? ("ok" as const) : ("unreachable" as const), chains: [] } };
        }
        // A database known away (or being probed) is said at once: its checks are not run, nor the
        // chain checks' reads of it (each would wait its 2 s timeout on a pool that cannot answer).
        const checking = ctx.database.health.checking;
        if (checking) await checking;
        const known = ctx.database.health.reachable;
        const [ok, chains] = await Promise.all([known ? databaseAnswers(ctx) : false, chainChecks(ctx, known)]);
        // The API serves from Postgres: a chain or indexer behind makes it answer from the last
        // indexed state, not stop answering, so only the database decides the status code.
        if (!ok) {
          set.status = 503;
          set.headers["retry-after"] = "2";
        }
        return { status: ok ? ("ready" as const) : ("unavailable" as const), checks: { database: ok ? ("ok" as const) : ("unreachable" as const), chains } };
      },
      {
        response: { 200: ReadySchema, 503: UnavailableSchema },
        detail: { tags: ["Operations"], summary: "Readiness", description: "The process can serve requests: Postgres answers within 2 s (503 otherwise; 503 with `draining: true` at once from the moment the process is told to stop). Also reports, per chain, whether its RPC answers, the head and indexed blocks and the indexer's lag (`starting` before its first checkpoint, `catching_up` when more than 5 blocks behind), and whether the operator's transactions (fee collection, withdrawals, account deployments) are `stuck` (the oldest unconfirmed one waited 2 minutes or more; `operator_unconfirmed_s` says how long); these do not change the status code. Public.", security: [] },
      },
    );
}

/** Known unreachable (db/health.ts): said at once. Otherwise asked, and a failure has the database probed. */
async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  if (!ctx.database.health.reachable) return false;
  const ok = (await within(READY_TIMEOUT_MS, ctx.database.sql`SELECT 1`.then(() => true))) ?? false;
  if (!ok) ctx.database.health.suspect();
  return ok;
}

function operatorCheck(s: { stuck: boolean; oldestUnconfirmedAgeMs: number | null } | undefined) {
  const age = s?.oldestUnconfirmedAgeMs;
  return { operator: s?.stuck ? ("stuck" as const) : ("ok" as const), operator_unconfirmed_s: age === null || age === undefined ? null : Math.round(age / 100) / 10 };
}

async function chainChecks(ctx: AppContext, databaseReachable: boolean) {
  // Read beside the chains' checks, not before them, and the chains side by side: a frozen database
  // or a stalled RPC must cost /ready one timeout, not one per chain.
  const operatorRead = databaseReachable ? within(READY_TIMEOUT_MS, operatorStatusByChain(ctx.database.sql)) : Promise.resolve(undefined);
  return Promise.all(ctx.networks.map(async (chain) => {
    const [head, cp, operator = new Map()] = await Promise.all([
      within(READY_TIMEOUT_MS, chain.publicClient.getBlockNumber({ cacheTime: 0 })),
      databaseReachable ? within(READY_TIMEOUT_MS, ctx.database.sql.unsafe(`SELECT block_number FROM ${CHAIN_VIEWS}.chain_checkpoint WHERE chain_id = $1`, [chain.chainId]) as Promise<{ block_number: bigint | number }[]>) : undefined,
      operatorRead,
    ]);
    const indexed = cp?.[0] ? Number(cp[0].block_number) : null;
    const headBlock = head === undefined ? null : Number(head);
    const lag = headBlock !== null && indexed !== null ? Math.max(0, headBlock - indexed) : null;
    const indexer = cp === undefined ? "unknown" : indexed === null ? "starting" : lag !== null && lag > chain.confirmations + 5 ? "catching_up" : lag === null ? "unknown" : "ok";
    return { chain_id: chain.chainId, rpc: head === undefined ? ("unreachable" as const) : ("ok" as const), head_block: headBlock, indexed_block: indexed, indexer_lag_blocks: lag, indexer: indexer as "ok" | "catching_up" | "starting" | "unknown", ...operatorCheck(operator.get(chain.chainId)) };
  }));
}
