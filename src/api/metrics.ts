/** GET /metrics: the process-wide registry (src/metrics.ts) in Prometheus text format. */
import { Elysia } from "elysia";
import type { AppContext } from "../context.ts";
import type { MetricsRegistry } from "../lib/metrics.ts";
import { metrics } from "../metrics.ts";
// Declared on import, so that every process that serves /metrics reports them (worker-only ones included).
import "../modules/backlogs/metrics.ts";
import "../modules/matching/indexer-metrics.ts";
import "../lib/build-info.ts";

/** GET /metrics: Prometheus text format, no API key (operators' endpoint, no tenant data). */
export function metricsRoutes(ctx: AppContext, registry: MetricsRegistry<AppContext> = metrics) {
  return new Elysia({ name: "metrics" }).get(
    "/metrics",
    async ({ set }) => {
      set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
      return registry.render(ctx);
    },
    { detail: { hide: true } },
  );
}

