/**
 * The process-wide metrics registry every module declares on (src/lib/metrics.ts); its collectors
 * get the service's context at scrape time (GET /metrics, src/api/metrics.ts).
 */
import type { AppContext } from "./context.ts";
import { processMetrics, type MetricsRegistry } from "./lib/metrics.ts";

export const metrics: MetricsRegistry<AppContext> = processMetrics;
