/**
 * A tiny Prometheus registry (text exposition format 0.0.4). The process-wide instance is
 * src/metrics.ts; the GET /metrics route is src/api/metrics.ts.
 *
 * Any module may declare metrics on the process-wide `metrics` registry:
 *
 *   const sent = metrics.counter("stablepay_webhooks_sent_total", "Webhook deliveries sent.", ["outcome"]);
 *   sent.inc({ outcome: "ok" });
 *   const lag = metrics.gauge("stablepay_matcher_lag_blocks", "Blocks indexed but not matched yet.", ["chain_id"]);
 *   lag.set({ chain_id: "8453" }, 3);
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

abstract class Metric {
  protected readonly values = new Map<string, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  abstract readonly type: "counter" | "gauge";

  protected key(labels: Labels): string {
    const given = Object.keys(labels);
    if (given.length !== this.labelNames.length || !this.labelNames.every((l) => l in labels)) {
      throw new Error(`metric ${this.name}: expected labels {${this.labelNames.join(", ")}}, got {${given.join(", ")}}`);
    }
    return this.labelNames.map((l) => String(labels[l])).join("\u0000");
  }

  /** Current value for these labels (0 when never set). */
  get(labels: Labels = {}): number {
    return this.values.get(this.key(labels))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`];
    if (this.values.size === 0 && this.labelNames.length === 0) lines.push(`${this.name} 0`);
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${renderLabels(labels)} ${formatValue(value)}`);
    return lines.join("\n");
  }
}

export class Counter extends Metric {
  readonly type = "counter" as const;

  inc(labels: Labels = {}, by = 1): void {
    if (!(by >= 0)) throw new Error(`counter ${this.name}: cannot increase by ${by}`);
    const key = this.key(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels: { ...labels }, value: by });
  }
}

export class Gauge extends Metric {
  readonly type = "gauge" as const;

  set(labels: Labels, value: number): void {
    this.values.set(this.key(labels), { labels: { ...labels }, value });
  }

  inc(labels: Labels = {}, by = 1): void {
    this.set(labels, this.get(labels) + by);
  }

  dec(labels: Labels = {}, by = 1): void {
    this.set(labels, this.get(labels) - by);
  }

  /** Forgets every label set (a collector that recomputes the whole gauge starts with this). */
  reset(): void {
    this.values.clear();
  }
}

export type Collector<C extends ScrapeContext = ScrapeContext> = (ctx: C) => Promise<void> | void;

export class MetricsRegistry<C extends ScrapeContext = ScrapeContext> {
  private readonly metrics = new Map<string, Metric>();
  private readonly collectors = new Set<Collector<C>>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.declare(name, () => new Counter(name, help, labelNames), "counter", labelNames) as Counter;
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.declare(name, () => new Gauge(name, help, labelNames), "gauge", labelNames) as Gauge;
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
    return [...this.metrics.values()].map((m) => m.render()).join("\n") + "\n";
  }

  private declare(name: string, make: () => Metric, type: Metric["type"], labelNames: readonly string[]): Metric {
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

function renderLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return "";
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(String(v))}"`).join(",")}}`;
}

function escapeLabel(v: string): string {
  return v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n").replaceAll('"', '\\"');
}

function escapeHelp(v: string): string {
  return v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
}

function formatValue(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  return String(v);
}
