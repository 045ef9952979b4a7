/**
 * What an operator imports beside the alert rules: the Prometheus configuration
 * (deploy/prometheus/prometheus.yml) is valid and scrapes the job the rules select on, and the
 * Grafana dashboard (deploy/grafana/stablepay.json) reads only series the service exports, so that a
 * renamed metric cannot leave a panel silently empty.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exportedMetrics, seriesIn, seriesNames } from "./support/exported-metrics.ts";

const ROOT = join(import.meta.dir, "..");
const PROMETHEUS_DIR = join(ROOT, "deploy", "prometheus");
const PROMTOOL = process.env.PROMTOOL_PATH ?? Bun.which("promtool") ?? "/usr/bin/promtool";
const skipPromtool = process.env.CI_NO_PROMTOOL === "1" && process.env.CI !== "true";
/** Series Prometheus itself makes for every target (not the service's). */
const PROMETHEUS_SERIES = new Set(["up"]);

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

const dashboard = JSON.parse(readFileSync(join(ROOT, "deploy", "grafana", "stablepay.json"), "utf8")) as { title: string; uid: string; panels: Panel[]; __inputs: { name: string }[] };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);

test.skipIf(skipPromtool)("promtool check config: the scrape configuration and the rules it loads are valid", () => {
  if (!Bun.which(PROMTOOL)) throw new Error(`promtool not found (${PROMTOOL}): install it (apt-get install -y prometheus) or set CI_NO_PROMTOOL=1 to skip this check deliberately`);
  const r = Bun.spawnSync([PROMTOOL, "check", "config", "prometheus.yml"], { cwd: PROMETHEUS_DIR, stdout: "pipe", stderr: "pipe" });
  const out = r.stdout.toString() + r.stderr.toString();
  expect(out).toContain("SUCCESS: 1 rule files found");
  expect(r.exitCode).toBe(0);
});

test("the scrape configuration's job is the one the alert rules select, and it loads them", () => {
  const config = readFileSync(join(PROMETHEUS_DIR, "prometheus.yml"), "utf8");
  expect([...config.matchAll(/^\s*- job_name: (\S+)$/gm)].map((m) => m[1])).toEqual(["stablepay"]);
  expect(readFileSync(join(PROMETHEUS_DIR, "alerts.yml"), "utf8")).toContain('up{job="stablepay"}');
  expect(config).toMatch(/^rule_files:\n\s+- alerts\.yml$/m);
  expect(config).toContain("metrics_path: /metrics");
});

test("every series the dashboard's panels read is one the service exports", async () => {
  const exported = seriesNames(await exportedMetrics());
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  expect(exprs.length).toBeGreaterThan(15); // the panels were found at all
  const named = [...new Set(exprs.flatMap(seriesIn))];
  expect(named.length).toBeGreaterThan(15);
  expect(named.filter((n) => !exported.has(n) && !PROMETHEUS_SERIES.has(n))).toEqual([]);
});

test("the dashboard imports anywhere: its data source is an input, and every panel has a query", () => {
  expect(dashboard.__inputs.map((i) => i.name)).toEqual(["DS_PROMETHEUS"]);
  expect(dashboard.uid).toBe("stablepay-overview");
  expect(panels.filter((p) => p.type !== "row" && !(p.targets ?? []).length).map((p) => p.title)).toEqual([]);
  // The stall signals an operator looks for first each have a panel.
  const all = JSON.stringify(dashboard);
  for (const metric of ["stablepay_indexer_lag_seconds", "stablepay_worker_last_round_timestamp_seconds", "stablepay_webhook_delivery_oldest_due_seconds", "stablepay_build_info"]) expect(all).toContain(metric);
});
