/**
 * Tracing's configuration: OpenTelemetry's standard variables, off by default, and a value the
 * service cannot honour stops the start naming its variable.
 */
import { expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";

const tracing = (env: Record<string, string>) => loadConfig(env).tracing;

test("off unless an endpoint or the otlp exporter is set; OTEL_SDK_DISABLED and none keep it off", () => {
  expect(tracing({})).toBeUndefined();
  expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBeUndefined();
  expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBeUndefined();
  expect(tracing({ OTEL_TRACES_EXPORTER: "otlp" })).toEqual({ url: "http://localhost:4318/v1/traces", headers: {}, serviceName: "stablepay" });
});

test("the endpoints, headers and service name, as OTLP says", () => {
  expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://collector.example:4318/", OTEL_SERVICE_NAME: "pay-eu" })).toEqual({ url: "https://collector.example:4318/v1/traces", headers: {}, serviceName: "pay-eu" });
  // The signal's own endpoint is used as given.
  expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://b:9999/custom" })?.url).toBe("http://b:9999/custom");
  expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318", OTEL_EXPORTER_OTLP_HEADERS: "api-key=abc%3D%3D, x-tenant = t1", OTEL_EXPORTER_OTLP_TRACES_HEADERS: "x-tenant=t2" })?.headers).toEqual({ "api-key": "abc==", "x-tenant": "t2" });
});

test("what the service cannot do stops the start, naming the variable", () => {
  const fails = (env: Record<string, string>, name: string) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(name);
      return;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };
  fails({ OTEL_TRACES_EXPORTER: "zipkin" }, "OTEL_TRACES_EXPORTER");
  fails({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4317", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, "OTEL_EXPORTER_OTLP_PROTOCOL");
  fails({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" }, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL");
  fails({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:4318", OTEL_EXPORTER_OTLP_HEADERS: "novalue" }, "OTEL_EXPORTER_OTLP_HEADERS");
  fails({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" }, "OTEL_EXPORTER_OTLP_ENDPOINT");
  fails({ OTEL_SDK_DISABLED: "yes" }, "OTEL_SDK_DISABLED");
});
