/** Timestamps on the wire: ISO 8601 UTC with millisecond precision (DECISIONS.md). */
export function isoMs(d: Date): string {
  return d.toISOString();
}
