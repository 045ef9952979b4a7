/**
 * The alert rules an operator loads (deploy/prometheus/alerts.yml) are valid, fire and stay quiet as
 * their unit tests say (`promtool check rules`, `promtool test rules` on alerts.test.yml), name only
 * series the service exports (a renamed metric must not silence an alert), and each has its runbook
 * in docs/operators.md ("Alerts").
 * promtool missing is a failure, not a skip (as chromium for the browser tests), unless
 * CI_NO_PROMTOOL=1 outside CI. Install: `apt-get install -y prometheus` (.ci/run does it when run as root).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exportedMetrics, seriesIn, seriesNames } from "./support/exported-metrics.ts";

const ROOT = join(import.meta.dir, "..");
const DIR = join(ROOT, "deploy", "prometheus");
const RULES = readFileSync(join(DIR, "alerts.yml"), "utf8");
const PROMTOOL = process.env.PROMTOOL_PATH ?? Bun.which("promtool") ?? "/usr/bin/promtool";
const skipPromtool = process.env.CI_NO_PROMTOOL === "1" && process.env.CI !== "true";
if (skipPromtool) console.warn("alerts.test.ts: CI_NO_PROMTOOL=1, the alert rules are NOT checked by promtool");

/** Series Prometheus itself makes for every target (not the service's). */
const PROMETHEUS_SERIES = new Set(["up"]);

const alertNames = [...RULES.matchAll(/^\s*- alert: (\S+)$/gm)].map((m) => m[1]!);

function promtool(...args: string[]): { code: number; out: string } {
  if (!Bun.which(PROMTOOL)) throw new Error(`promtool not found (${PROMTOOL}): install it (apt-get install -y prometheus) or set CI_NO_PROMTOOL=1 to skip this check deliberately`);
  const r = Bun.spawnSync([PROMTOOL, ...args], { cwd: DIR, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, out: r.stdout.toString() + r.stderr.toString() };
}

describe.skipIf(skipPromtool)("promtool", () => {
  test("check rules: the file is valid", () => {
    const r = promtool("check", "rules", "alerts.yml");
    expect(r.out).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(r.code).toBe(0);
  });

  test("test rules: each alert fires, and stays quiet, as its unit tests say", () => {
    const r = promtool("test", "rules", "alerts.test.yml");
    if (r.code !== 0) console.error(r.out);
    expect(r.code).toBe(0);
    // Every alert is exercised by the unit tests.
    const unitTests = readFileSync(join(DIR, "alerts.test.yml"), "utf8");
    expect(alertNames.filter((a) => !unitTests.includes(`alertname: ${a}\n`))).toEqual([]);
  });
});

test("every series an alert names is one the service exports", async () => {
  const exported = seriesNames(await exportedMetrics());
  const exprs = [...RULES.matchAll(/expr: (\|\n(?:\s{10,}.*\n)+|.*)/g)].map((m) => m[1]!);
  expect(exprs.length).toBe(alertNames.length);
  const metricsNamed = [...new Set(exprs.flatMap(seriesIn))];
  const unknown = metricsNamed.filter((n) => !exported.has(n) && !PROMETHEUS_SERIES.has(n));
  expect(metricsNamed.length).toBeGreaterThan(8); // the scan finds the names at all
  expect(unknown).toEqual([]);
});

test("every alert's runbook_url points at a section of docs/operators.md", () => {
  const doc = readFileSync(join(ROOT, "docs", "operators.md"), "utf8");
  // GitHub's anchors: the heading lower-cased, punctuation dropped, spaces as hyphens.
  const anchors = new Set([...doc.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-")));
  const urls = [...RULES.matchAll(/^\s*runbook_url: "([^"]+)"$/gm)].map((m) => m[1]!);
  expect(urls.length).toBe(alertNames.length);
  expect(urls.filter((u) => !u.startsWith("docs/operators.md#") || !anchors.has(u.slice("docs/operators.md#".length)))).toEqual([]);
});

test("every alert has its runbook in docs/operators.md", () => {
  const doc = readFileSync(join(ROOT, "docs", "operators.md"), "utf8");
  const start = doc.indexOf("\n## Alerts\n");
  expect(start).toBeGreaterThan(-1);
  const end = doc.indexOf("\n## ", start + 1);
  const section = doc.slice(start, end === -1 ? undefined : end);
  expect(alertNames.length).toBeGreaterThan(5);
  expect(alertNames.filter((a) => !section.includes(`\`${a}\``))).toEqual([]);
});
