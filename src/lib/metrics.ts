import * as prom from "prom-client";

/**
 * The service's Prometheus registry, on prom-client (text exposition format 0.0.4). The process-wide
 * instance is src/metrics.ts (which adds the process and runtime metrics); the GET /metrics route is
 * src/api/metrics.ts.
 *
 * Any module may declare metrics on the process-wide `metrics` registry:
 *
 *   const sent = metrics.counter("stablepay_webhooks_sent_total", "Webhook deliveries sent.", ["outcome"]);
 *   sent.inc({ outcome: "ok" });
 *   const lag = metrics.gauge("stablepay_matcher_lag_blocks", "Blocks indexed but not matched yet.", ["chain_id"]);
 *   lag.set({ chain_id: "8453" }, 3);
 *   const took = metrics.histogram("stablepay_rpc_duration_seconds", "RPC calls.", ["method", "chain_id"]);
 *   took.observe({ method: "eth_call", chain_id: 8453 }, 0.012);
 *
 * Declaring the same name twice returns the same metric (so modules can be imported in any order),
 * as long as the type and label names agree. Counters and gauges live in the process that updates
 * them: a worker role running in its own process is not seen by the API's /metrics. State that must
 * be visible whatever process reads it is computed at scrape time from Postgres by a collector
 * (`metrics.collector(async (ctx) => gauge.set(...))`), which the /metrics route runs before
 * rendering.
 *
 * Label values must not carry tenant data (merchant or account ids): /metrics is for operators and
 * is served without an API key, like /health.
 */
/** What a scrape hands to collectors: at least a logger (the service passes its AppContext). */
export interface ScrapeContext {
  log: { warn(msg: string, fields?: Record<string, unknown>): void };
}

export type Labels = Record<string, string | number>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Latency buckets in seconds, from 1 ms to 30 s (HTTP, RPC, the database, webhook attempts). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

abstract class Metric {
  abstract readonly type: "counter" | "gauge" | "histogram";
  constructor(
    readonly name: string,
    readonly labelNames: readonly string[],
  ) {}

  protected check(labels: Labels): Record<string, string | number> {
    const given = Object.keys(labels);
    if (given.length !== this.labelNames.length || !this.labelNames.every((l) => l in labels)) {
      throw new Error(`metric ${this.name}: expected labels {${this.labelNames.join(", ")}}, got {${given.join(", ")}}`);
    }
    return labels;
  }

  protected key(labels: Labels): string {
    return this.labelNames.map((l) => String(labels[l])).join("\u0000");
  }
}

export class Counter extends Metric {
  readonly type = "counter" as const;
  /** What prom-client holds, mirrored for get() (prom-client reads it back asynchronously only). */
  private readonly values = new Map<string, number>();
  constructor(name: string, labelNames: readonly string[], private readonly prom: prom.Counter) {
    super(name, labelNames);
  }

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) throw new Error(`counter ${this.name}: cannot increase by ${by}`);
    this.prom.inc(this.check(labels), by);
    const key = this.key(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  /** Current value for these labels (0 when never set). */
  get(labels: Labels = {}): number {
    return this.values.get(this.key(this.check(labels))) ?? 0;
  }
}

export class Gauge extends Metric {
  readonly type = "gauge" as const;
  private readonly values = new Map<string, number>();
  constructor(name: string, labelNames: readonly string[], private readonly prom: prom.Gauge) {
    super(name, labelNames);
  }

  set(labels: Labels, value: number): void {
    this.prom.set(this.check(labels), value);
    this.values.set(this.key(labels), value);
  }

  inc(labels: Labels = {}, by = 1): void {
    this.set(labels, this.get(labels) + by);
  }

  dec(labels: Labels = {}, by = 1): void {
    this.set(labels, this.get(labels) - by);
  }

  get(labels: Labels = {}): number {
    return this.values.get(this.key(this.check(labels))) ?? 0;
  }

  /** Forgets every label set (a collector that recomputes the whole gauge starts with this). */
  reset(): void {
    this.prom.reset();
    this.values.clear();
  }
}

/** One label set of a histogram: its labels, a count per bucket (not cumulative), the sum and the count. */
interface HistogramCell {
  readonly labels: Record<string, string>;
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A histogram kept here rather than by prom-client's: prom-client validates and hashes the label
 * object on every observation, which cost about 2 µs per request on a server (the HTTP histogram
 * and the statement histogram each see every request). Here an observation builds the key of its
 * label values and adds to its cell; labels are checked when a label set is first seen. prom-client
 * still renders it: the registry reads `get()` as it reads its own metrics.
 */
export class Histogram extends Metric {
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;
  private readonly cells = new Map<string, HistogramCell>();

  constructor(
    name: string,
    readonly help: string,
    labelNames: readonly string[],
    private readonly buckets: readonly number[],
  ) {
    super(name, labelNames);
  }

  /** One observation, in the histogram's unit (seconds for every `_seconds` histogram). */
  observe(labels: Labels, value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`histogram ${this.name}: not a finite number: ${value}`);
    let key = "";
    for (const l of this.labelNames) key += `${labels[l]}\u0000`;
    let cell = this.cells.get(key);
    if (!cell) {
      this.check(labels);
      cell = { labels: Object.fromEntries(this.labelNames.map((l) => [l, String(labels[l])])), counts: new Float64Array(this.buckets.length), sum: 0, count: 0 };
      this.cells.set(key, cell);
    }
    for (let i = 0; i < this.buckets.length; i++) {
      if (value <= this.buckets[i]!) {
        cell.counts[i]! += 1;
        break;
      }
    }
    cell.sum += value;
    cell.count += 1;
  }

  /** Starts a timer; the returned function observes the seconds since, with these labels merged in. */
  startTimer(labels: Labels = {}): (more?: Labels) => number {
    const started = performance.now();
    return (more = {}) => {
      const seconds = (performance.now() - started) / 1000;
      this.observe({ ...labels, ...more }, seconds);
      return seconds;
    };
  }

  /** What prom-client's registry renders: cumulative buckets with `le`, then `_sum` and `_count`, per label set. */
  get(): { name: string; help: string; type: "histogram"; aggregator: "sum"; values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> } {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const cell of this.cells.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += cell.counts[i]!;
        values.push({ labels: { le: bound, ...cell.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: "+Inf", ...cell.labels }, value: cell.count, metricName: `${this.name}_bucket` });
      values.push({ labels: cell.labels, value: cell.sum, metricName: `${this.name}_sum` });
      values.push({ labels: cell.labels, value: cell.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.cells.clear();
  }
}

export type Collector<C extends ScrapeContext = ScrapeContext> = (ctx: C) => Promise<void> | void;

export class MetricsRegistry<C extends ScrapeContext = ScrapeContext> {
  /** prom-client's registry behind this one (src/metrics.ts adds the default process metrics to it). */
  readonly prom = new prom.Registry();
  private readonly metrics = new Map<string, Metric>();
  private readonly collectors = new Set<Collector<C>>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.declare(name, "counter", labelNames, () => new Counter(name, labelNames, new prom.Counter({ name, help, labelNames: [...labelNames], registers: [this.prom] }))) as Counter;
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.declare(name, "gauge", labelNames, () => new Gauge(name, labelNames, new prom.Gauge({ name, help, labelNames: [...labelNames], registers: [this.prom] }))) as Gauge;
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets: number[] = LATENCY_BUCKETS): Histogram {
    return this.declare(name, "histogram", labelNames, () => {
      const histogram = new Histogram(name, help, labelNames, [...buckets].sort((a, b) => a - b));
      this.prom.registerMetric(histogram as unknown as prom.Metric);
      return histogram;
    }) as Histogram;
  }

  /** Runs before every scrape, e.g. to set gauges from Postgres. A failing collector is logged and skipped. */
  collector(fn: Collector<C>): void {
    this.collectors.add(fn);
  }

  async render(ctx?: C): Promise<string> {
    if (ctx) {
      await Promise.all(
        [...this.collectors].map(async (fn) => {
          try {
            await fn(ctx);
          } catch (err) {
            ctx.log.warn("metrics collector failed", { err });
          }
        }),
      );
    }
    return (await this.prom.metrics()).trimEnd() + "\n";
  }

  private declare(name: string, type: Metric["type"], labelNames: readonly string[], make: () => Metric): Metric {
    if (!NAME.test(name)) throw new Error(`invalid metric name "${name}"`);
    for (const l of labelNames) if (!LABEL.test(l) || l.startsWith("__")) throw new Error(`metric ${name}: invalid label name "${l}"`);
    const existing = this.metrics.get(name);
    if (existing) {
      if (existing.type !== type || existing.labelNames.join(",") !== labelNames.join(",")) {
        throw new Error(`metric ${name} is already declared as a ${existing.type} with labels {${existing.labelNames.join(", ")}}`);
      }
      return existing;
    }
    const metric = make();
    this.metrics.set(name, metric);
    return metric;
  }
}

/**
 * The process-wide registry (src/metrics.ts types it with the service's context for collectors; code
 * below the context, such as the chain's RPC transport, declares on it here). It also reports
 * prom-client's process and runtime metrics (CPU, memory, heap, event-loop lag, open file
 * descriptors) with the `stablepay_` prefix, in every process, a worker-only one included.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const processMetrics = new MetricsRegistry<any>();
// The event-loop delay is sampled every 100 ms, not prom-client's 10: in Bun each sample wakes the
// process, 2-4 ms of CPU a second in an idle process at 10 ms (bench/README.md). A stall still
// shows whole: it delays the sample after it, which records the delay.
prom.collectDefaultMetrics({ register: processMetrics.prom, prefix: "stablepay_", eventLoopMonitoringPrecision: 100 });
