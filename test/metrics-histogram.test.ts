/**
 * The registry's own histogram (src/lib/metrics.ts) renders what prom-client's histogram renders
 * for the same observations: the same series with the same values, label order aside.
 */
import { expect, test } from "bun:test";
import * as prom from "prom-client";
import { LATENCY_BUCKETS, MetricsRegistry } from "../src/lib/metrics.ts";

/** Each sample line as "name{sorted labels}" → value, and the HELP/TYPE lines as they are. */
function samples(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.trim().split("\n")) {
    if (line.startsWith("#")) {
      out.set(line, "");
      continue;
    }
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = (m[2] ?? "").match(/[a-z_]+="(?:[^"\\]|\\.)*"/g) ?? [];
    out.set(`${m[1]}{${labels.sort().join(",")}}`, m[3]!);
  }
  return out;
}

test("renders the series, buckets, sums and counts prom-client renders", async () => {
  const theirs = new prom.Registry();
  const reference = new prom.Histogram({ name: "x_seconds", help: 'Help with \\ and "quotes"\nand a line.', labelNames: ["method", "route", "status"], buckets: LATENCY_BUCKETS, registers: [theirs] });
  const ours = new MetricsRegistry();
  const histogram = ours.histogram("x_seconds", 'Help with \\ and "quotes"\nand a line.', ["method", "route", "status"]);
  const observations: Array<[Record<string, string | number>, number]> = [
    [{ method: "GET", route: "/v1/payment-intents/:id", status: 200 }, 0.0004],
    [{ method: "GET", route: "/v1/payment-intents/:id", status: 200 }, 0.001], // on a bound: counted in it
    [{ status: 500, route: 'a"b\\c', method: "POST" }, 3],
    [{ method: "GET", route: "/v1/payment-intents/:id", status: "200" }, 0.02], // "200" and 200 are one series
    [{ method: "GET", route: "/v1/payment-intents/:id", status: 200 }, 100], // above every bound: +Inf only
    [{ method: "GET", route: "/", status: 404 }, 0],
  ];
  for (const [labels, value] of observations) {
    reference.observe(labels, value);
    histogram.observe(labels, value);
  }
  const expected = samples(await theirs.metrics());
  const got = samples(await ours.render());
  expect(got).toEqual(expected);
  expect(got.get('x_seconds_count{method="GET",route="/v1/payment-intents/:id",status="200"}')).toBe("4");
  expect(got.get('x_seconds_bucket{le="+Inf",method="GET",route="/v1/payment-intents/:id",status="200"}')).toBe("4");
  expect(got.get('x_seconds_bucket{le="30",method="GET",route="/v1/payment-intents/:id",status="200"}')).toBe("3");

  histogram.reset();
  expect(await ours.render()).not.toContain("x_seconds_count");
});

test("refuses a value that is not a finite number, and a label set other than its own", () => {
  const histogram = new MetricsRegistry().histogram("y_seconds", "Y.", ["outcome"]);
  expect(() => histogram.observe({ outcome: "ok" }, Number.NaN)).toThrow("not a finite number");
  expect(() => histogram.observe({ outcome: "ok" }, Number.POSITIVE_INFINITY)).toThrow("not a finite number");
  expect(() => histogram.observe({ result: "ok" }, 1)).toThrow("expected labels {outcome}");
  histogram.observe({ outcome: "ok" }, 1);
});
