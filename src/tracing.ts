/**
 * Starts OpenTelemetry tracing in this process when the configuration asks for it (OTEL_*, config.ts
 * `tracing`): spans are batched and sent over OTLP/HTTP as JSON. The spans themselves are made by
 * src/lib/tracing.ts's helpers, which do nothing until this ran. Started once per process (a test
 * process that starts several services keeps the first settings); the returned stop flushes what is
 * still batched.
 */
import { trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { Config } from "./config.ts";
import { enableTracing } from "./lib/tracing.ts";

let provider: TracerProvider | undefined;

export function startTracing(config: Config): { flush(): Promise<void> } | undefined {
  const settings = config.tracing;
  if (!settings) return undefined;
  if (!provider) {
    const exporter = new OTLPTraceExporter({ url: settings.url, headers: settings.headers, timeoutMillis: 5_000 });
    provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.version": "0.1.0", "stablepay.roles": [...config.roles].join(",") }),
      // Batched: a request never waits on the collector; a collector away loses spans, never requests.
      spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000, maxQueueSize: 8_192 })],
    });
    trace.setGlobalTracerProvider(provider);
    enableTracing();
  }
  const p = provider;
  return { flush: () => p.forceFlush().catch(() => {}) };
}
