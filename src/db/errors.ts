/**
 * Which database errors mean "the database is not there right now" (a failover, a pooler restart,
 * a connection cut, a server that does not answer) rather than a bug: those become 503 with
 * Retry-After at the API edge, and workers retry them with backoff.
 */
const CONNECTION_CODES = new Set([
  // postgres.js
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  // sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTCONN",
  // Postgres: connection exceptions, shutdown, recovery, too many connections, statement timeout
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; errno?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.errno === "string" && CONNECTION_CODES.has(e.errno)) return true;
  }
  return false;
}

/**
 * A transaction Postgres aborted to break a deadlock (40P01) or a serialization failure (40001):
 * nothing it did was kept, so running it again is safe, and the next run usually goes through.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === "40P01" || code === "40001";
}
