/**
 * Database statement durations (`stablepay_db_query_duration_seconds`, by statement name and outcome),
 * for every query of every postgres.js client in the process: the pools of client.ts, drizzle's, the
 * health probe's.
 *
 * postgres.js has no hook around a query's execution, so its Query class is instrumented once: a
 * query starts when it is first awaited (`handle()`) and ends when it resolves or rejects. The time
 * includes waiting for a free connection of the pool, which is what the caller waited too. The class
 * is reached through a query object (the package exports only its entry point); building a query does
 * not run it.
 *
 * With tracing on (src/lib/tracing.ts), each statement run inside a span is a child span of it, named
 * the same way.
 *
 * The statement name is the SQL's verb and first table (`select app.payment_intents`,
 * `insert app.events`, `with app.transactions`), never values: bounded by the tables the code names,
 * and by MAX_NAMES in any case (then `other`), so that a query built from data can never grow the
 * series without bound.
 */
import { processMetrics as metrics } from "../lib/metrics.ts";
import { endSpan, SpanKind, startChildSpan } from "../lib/tracing.ts";

const queryDuration = metrics.histogram(
  "stablepay_db_query_duration_seconds",
  "Database statements, from the first await to the result (a wait for a pool connection included), by statement (verb and first table) and outcome (ok, error).",
  ["statement", "outcome"],
);

/** Beyond this many distinct names every new one is `other`. */
const MAX_NAMES = 300;
const names = new Set<string>();
/** Tagged templates keep their strings array for ever (one per call site): the name is computed once. */
const byStrings = new WeakMap<object, string>();
const byText = new Map<string, string>();

const IDENT = String.raw`((?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\s*\.\s*(?:"[^"]+"|[A-Za-z_][A-Za-z0-9_$]*))?)`;
const TABLE_AFTER = new RegExp(String.raw`\b(?:from|into|update|join)\s+` + IDENT, "i");

/** `select app.payment_intents`, `begin`, … from a statement's text (values are `$n` or absent). */
export function statementName(text: string): string {
  const body = text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ").trimStart();
  const verb = /^[A-Za-z]+/.exec(body)?.[0]?.toLowerCase() ?? "unknown";
  if (!["select", "insert", "update", "delete", "with"].includes(verb)) return verb;
  const table = TABLE_AFTER.exec(body)?.[1]?.replace(/"|\s/g, "").toLowerCase();
  return table ? `${verb} ${table}` : verb;
}

function bounded(name: string): string {
  if (names.has(name)) return name;
  if (names.size >= MAX_NAMES) return "other";
  names.add(name);
  return name;
}

interface QueryLike {
  strings: string | readonly string[];
  executed: boolean;
  resolve: (x: unknown) => void;
  reject: (x: unknown) => void;
  handle(): Promise<void>;
}

function nameOf(q: QueryLike): string {
  const s = q.strings;
  if (typeof s === "string") {
    let name = byText.get(s);
    if (name === undefined) {
      name = bounded(statementName(s));
      // Remembered for texts of a bounded size and number (a text built with values in it would
      // otherwise fill memory); any other is named again, a few microseconds.
      if (byText.size < 1_000 && s.length <= 4_096) byText.set(s, name);
    }
    return name;
  }
  let name = byStrings.get(s);
  if (name === undefined) byStrings.set(s, (name = bounded(statementName(s.join(" $ ")))));
  return name;
}

const instrumented = new WeakSet<object>();

/** Instruments the Query class behind `sql` (once per class; client.ts calls it for each client). */
export function instrumentQueries(sql: (strings: TemplateStringsArray) => unknown): void {
  const proto = Object.getPrototypeOf(sql`SELECT 1`) as QueryLike;
  if (instrumented.has(proto)) return;
  instrumented.add(proto);
  const handle = proto.handle;
  proto.handle = function (this: QueryLike) {
    if (!this.executed) {
      const statement = nameOf(this);
      const started = performance.now();
      const span = startChildSpan(statement, { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.query.summary": statement } });
      const { resolve, reject } = this;
      const done = (outcome: "ok" | "error", error?: unknown) => {
        queryDuration.observe({ statement, outcome }, (performance.now() - started) / 1000);
        endSpan(span, error);
      };
      this.resolve = (x) => (done("ok"), resolve(x));
      this.reject = (x) => (done("error", x), reject(x));
    }
    return handle.call(this);
  };
}
