/**
 * An OTLP/HTTP receiver that takes traces and throws them away, counting spans: what a benchmark with
 * tracing on sends to (a collector's cost is not the service's).
 *
 *   bun bench/support/otlp-sink.ts [port]   then   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:<port> bun bench/api.ts …
 */
let spans = 0;
let posts = 0;
const server = Bun.serve({
  port: Number(process.argv[2] ?? 0),
  hostname: "127.0.0.1",
  async fetch(req) {
    const text = await req.text();
    posts++;
    spans += text.split('"spanId"').length - 1;
    return Response.json({});
  },
});
console.log(`otlp sink on http://127.0.0.1:${server.port}`);
setInterval(() => console.log(`otlp sink: ${posts} posts, ${spans} spans`), 10_000).unref();
process.on("SIGTERM", () => (console.log(`otlp sink: ${posts} posts, ${spans} spans`), process.exit(0)));
