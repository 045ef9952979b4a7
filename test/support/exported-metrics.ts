/**
 * Every metric the service declares, as its processes export them at /metrics: importing the service
 * (src/service.ts: the API, every worker role, the chain) declares them all on the process-wide
 * registry, without starting anything. Read by the alert rules' and the metrics reference's tests.
 */
import "../../src/service.ts";
import { processMetrics } from "../../src/lib/metrics.ts";

export interface ExportedMetric {
  name: string;
  type: string;
  labels: string[];
  help: string;
}

export async function exportedMetrics(): Promise<ExportedMetric[]> {
  // The text exposition (what a scrape reads), so that a metric the registry holds but does not render is not counted.
  const text = await processMetrics.prom.metrics();
  const byName = new Map<string, ExportedMetric>();
  for (const line of text.split("\n")) {
    const help = /^# HELP (\S+) (.*)$/.exec(line);
    if (help) byName.set(help[1]!, { name: help[1]!, type: "", labels: [], help: help[2]! });
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) byName.get(type[1]!)!.type = type[2]!;
  }
  for (const m of processMetrics.prom.getMetricsAsArray() as unknown as { name: string; labelNames?: string[] }[]) {
    const e = byName.get(m.name);
    if (e) e.labels = [...(m.labelNames ?? [])];
  }
  return [...byName.values()];
}

/** The series names a query may use for a metric: a histogram's `_bucket`, `_sum`, `_count`, too. */
export function seriesNames(metrics: ExportedMetric[]): Set<string> {
  return new Set(metrics.flatMap((m) => (m.type === "histogram" ? [m.name, `${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : m.type === "summary" ? [m.name, `${m.name}_sum`, `${m.name}_count`] : [m.name])));
}

const PROMQL_KEYWORDS = new Set(["by", "without", "and", "or", "unless", "on", "ignoring", "group_left", "group_right", "offset", "bool"]);

/**
 * The series names a PromQL expression reads: label matchers, ranges, strings and grouping clauses
 * dropped, then every word that is not a function (followed by `(`), a keyword or a number.
 */
export function seriesIn(expr: string): string[] {
  const bare = expr.replace(/\{[^}]*\}|\[[^\]]*\]|"[^"]*"|\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  return [...new Set([...bare.matchAll(/\b([a-z_:][a-z0-9_:]*)\b(?!\s*\()/g)].map((m) => m[1]!))].filter((n) => !PROMQL_KEYWORDS.has(n) && !/^\d/.test(n) && !/^\d*e\d+$/.test(n));
}
