/**
 * Starts OpenTelemetry tracing in this process when the configuration asks for it (OTEL_*, config.ts
 * `tracing`): spans are batched and sent over OTLP/HTTP as JSON. The spans themselves are made by
 * src/lib/tracing.ts's helpers, which do nothing until this ran. Started once per process (a test
 * process that starts several services keeps the first settings); the returned stop flushes what is
 * still batched. The SDK and its exporter are loaded only then: most processes never trace, and
 * loading them cost every process's start about 0.1 s of CPU (a CLI call, a worker, a test file).
 */
import { trace } from "@opentelemetry/api";
import type { TracerProvider } from "@opentelemetry/sdk-trace";
import type { Config } from "./config.ts";
import { enableTracing } from "./lib/tracing.ts";
import { GIT_COMMIT, SERVICE_VERSION } from "./lib/build-info.ts";

let provider: Promise<TracerProvider> | undefined;

export async function startTracing(config: Config): Promise<{ flush(): Promise<void> } | undefined> {
  const settings = config.tracing;
  if (!settings) return undefined;
  provider ??= (async () => {
    const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, TracerProvider }] = await Promise.all([
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/sdk-trace"),
    ]);
    const exporter = new OTLPTraceExporter({ url: settings.url, headers: settings.headers, timeoutMillis: 5_000 });
    const started = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.version": SERVICE_VERSION, ...(GIT_COMMIT ? { "vcs.ref.head.revision": GIT_COMMIT } : {}), "stablepay.roles": [...config.roles].join(",") }),
      // Batched: a request never waits on the collector; a collector away loses spans, never requests.
      spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1_000, maxQueueSize: 8_192 })],
    });
    trace.setGlobalTracerProvider(started);
    enableTracing();
    return started;
  })();
  const p = await provider;
  return { flush: () => p.forceFlush().catch(() => {}) };
}
