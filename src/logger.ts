/**
 * The service's logs: pino's JSON lines on stderr, the format Ponder (which we run) writes too, so one
 * pipeline reads both. Standard keys (`level` as pino's number, `time` in ms, `msg`, `pid`, `hostname`),
 * plus `role` on every line of a role's logger, and the request id where there is one.
 *
 * - Errors (`err`, `error`, `cause`) keep what an operator needs: type, message, stack, Postgres's
 *   `code` (SQLSTATE), `detail`, `hint`, `constraint`, `table`, a chain error's `shortMessage`,
 *   `details` and `cause`, nested.
 * - Secrets never reach a line: fields named like keys, secrets, passwords or authorization headers
 *   are replaced, and so is the key part of an RPC URL (`https://…/v2/<key>`) in any string.
 * - Levels: LOG_LEVEL for all, `LOG_LEVELS=matcher=debug,indexer=warn` per role; SIGUSR2 switches
 *   every logger of the process between its configured level and `debug` while it runs.
 * - With tracing on (OTEL_*, src/tracing.ts), a line written inside a span carries `trace_id` and
 *   `span_id`.
 */
import { hostname } from "node:os";
import pino from "pino";
import { activeTraceIds } from "./lib/tracing.ts";

export type Level = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether a line at `level` is written now (a caller skips building the fields of a line nobody reads). */
  enabled(level: Level): boolean;
}

/** Field names whose values are secrets, at any depth (compared without `_`/`-`, any case). */
const SECRET_NAMES = new Set(["apikey", "key", "secretkey", "secret", "signingsecret", "webhooksecret", "privatekey", "operatorprivatekey", "payerprivatekey", "password", "authorization", "cookie", "setcookie", "sessiontoken", "accesstoken", "refreshtoken", "mnemonic", "databaseurl"]);
const REDACTED = "[redacted]";

/** The key part of a provider's RPC URL: Alchemy `/v2/<key>`, Infura `/v3/<key>`, QuickNode and others `/<long token>`. */
const RPC_KEY = /(https?|wss?):\/\/([^\s/"'@]+@)?([^\s/"']+)((?:\/[A-Za-z0-9._-]{0,15})*?)\/([A-Za-z0-9_-]{20,})/g;
/** Credentials in a connection URL (`postgres://user:password@host`). */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@"']+):[^\s@/"']+@/gi;

export function scrubText(text: string): string {
  return text.replace(URL_PASSWORD, `$1:${REDACTED}@`).replace(RPC_KEY, (_m, scheme: string, _auth, host: string, path: string) => `${scheme}://${host}${path}/${REDACTED}`);
}

const isSecretName = (name: string) => SECRET_NAMES.has(name.replace(/[_-]/g, "").toLowerCase());

/** An error as a plain object that keeps its code, detail and cause (pino's own serializer drops the cause's fields). */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return clean(err, depth + 1);
  const out: Record<string, unknown> = { type: err.name, message: scrubText(err.message) };
  if (err.stack) out.stack = scrubText(err.stack);
  for (const [k, v] of Object.entries(err)) {
    if (k === "cause" || v === undefined || typeof v === "function" || k === "query" || k === "parameters" || k === "args") continue;
    out[k] = isSecretName(k) ? REDACTED : clean(v, depth + 1);
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Bigints as strings, errors serialized, secret fields and RPC keys removed, cycles and depth bounded. */
function clean(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (value instanceof Date) return value.toISOString();
  if (depth > 6 || seen.has(value)) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => clean(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretName(k) && v !== null && v !== undefined && v !== "" ? REDACTED : clean(v, depth + 1, seen);
  return out;
}

const PINO_LEVEL: Record<Level, pino.Level> = { debug: "debug", info: "info", warn: "warn", error: "error" };

/** Per-role levels from LOG_LEVELS (`matcher=debug,indexer=warn`), read once. */
function roleLevels(): Map<string, Level> {
  const out = new Map<string, Level>();
  for (const part of (process.env.LOG_LEVELS ?? "").split(",")) {
    const [role, level] = part.split("=").map((s) => s.trim());
    if (role && level && ["debug", "info", "warn", "error"].includes(level)) out.set(role, level as Level);
  }
  return out;
}

const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// One destination for the process: synchronous, so a line written just before an exit is not lost.
let destination: pino.DestinationStream | undefined;
/** SIGUSR2 flips it: every logger of the process writes debug lines while it is set. */
let verbose = false;
let signalInstalled = false;

function installSignal() {
  if (signalInstalled) return;
  signalInstalled = true;
  process.on("SIGUSR2", () => void (verbose = !verbose));
}

// The pino loggers pass every level; each wrapper filters by its own (so SIGUSR2 needs no registry of loggers).
function wrap(logger: pino.Logger, level: Level, levels: Map<string, Level>): Logger {
  const enabled = (l: Level) => ORDER[l] >= ORDER[level] || verbose;
  const emit = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (!enabled(l)) return;
    // With tracing on, a line written inside a span names its trace (a request's error, a matcher step).
    const ids = activeTraceIds();
    if (ids) fields = { ...ids, ...fields };
    if (fields) logger[PINO_LEVEL[l]](clean(fields) as Record<string, unknown>, scrubText(msg));
    else logger[PINO_LEVEL[l]](scrubText(msg));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    enabled,
    child: (fields) => {
      const role = typeof fields.role === "string" ? fields.role : undefined;
      const childLevel = (role && levels.get(role)) || level;
      return wrap(logger.child(clean(fields) as Record<string, unknown>), childLevel, levels);
    },
  };
}

export function createLogger(level: Level = "info", base: Record<string, unknown> = {}): Logger {
  destination ??= pino.destination({ dest: 2, sync: true });
  installSignal();
  const logger = pino(
    {
      level: "debug",
      base: { pid: process.pid, hostname: hostname(), ...(clean(base) as Record<string, unknown>) },
      // Fields are cleaned before they reach pino (clean()); its own serializers would undo that.
      serializers: { err: (v: unknown) => v, error: (v: unknown) => v },
    },
    destination,
  );
  return wrap(logger, level, roleLevels());
}
