/**
 * Tracing (OpenTelemetry), for the code that makes spans: the HTTP server, database statements, RPC
 * calls, the matcher, the outbox and the webhook dispatcher. Off unless the process started it
 * (src/tracing.ts, from the OTEL_* variables): then every helper here returns at its first line
 * (`undefined`, or the function's own result), so that the cost with tracing off is one boolean test.
 *
 * Spans nest through an AsyncLocalStorage context: a span started while another is active (a
 * statement inside a request) is its child. Database statements and RPC calls are traced only inside
 * a span, never as roots: the workers' polling would otherwise send a trace every few milliseconds.
 *
 * A trace crosses processes and tables as a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`): in
 * the HTTP header, and on an event row (app.events.traceparent), so that the webhook delivery of an
 * event continues the trace of what caused it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Context, type ContextManager, type Span } from "@opentelemetry/api";

export { SpanKind, type Span };

let enabled = false;

/** Whether this process sends traces (set once at start by src/tracing.ts). */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Context through AsyncLocalStorage (Bun has it): what @opentelemetry/context-async-hooks does, in a few lines. */
class AsyncLocalContextManager implements ContextManager {
  private readonly als = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.als.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.als.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== "function") return target;
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.with(ctx, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.als.disable();
    return this;
  }
}

/** Turns tracing on in this process (src/tracing.ts, after it registered the tracer provider). */
export function enableTracing(): void {
  if (enabled) return;
  context.setGlobalContextManager(new AsyncLocalContextManager());
  enabled = true;
}

const tracer = () => trace.getTracer("stablepay");

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** When it began, if before now (ms since the epoch): a transfer's block time. */
  startTime?: number;
  /** The parent: a remote traceparent's context; default the active span, if any. */
  parent?: Context;
  /** A trace of its own whatever span is active (one trace per payment). */
  root?: boolean;
}

/** A span (a root one when no span is active and no parent is given), or undefined when tracing is off. */
export function startSpan(name: string, o: SpanOptions = {}): Span | undefined {
  if (!enabled) return undefined;
  return tracer().startSpan(name, { kind: o.kind ?? SpanKind.INTERNAL, attributes: o.attributes, startTime: o.startTime, root: o.root }, o.parent ?? context.active());
}

/**
 * A child of the active span, or undefined when none is active (statements, RPC calls: never roots)
 * or it has ended: a connection, listener or timer first made inside a request keeps that request's
 * context for its whole life, and its later work must not grow an old trace for ever.
 */
export function startChildSpan(name: string, o: Omit<SpanOptions, "parent"> = {}): Span | undefined {
  if (!enabled) return undefined;
  const parent = context.active();
  if (!trace.getSpan(parent)?.isRecording()) return undefined;
  return tracer().startSpan(name, { kind: o.kind ?? SpanKind.INTERNAL, attributes: o.attributes }, parent);
}

/** Runs `fn` with `span` active (its statements and calls become its children); just `fn()` without a span. */
export function withSpan<T>(span: Span | undefined, fn: () => T): T {
  if (!span) return fn();
  return context.with(trace.setSpan(context.active(), span), fn);
}

/** Ends a span, marked failed with the error when there is one. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    if (error instanceof Error) span.recordException(error);
  }
  span.end();
}

/** `fn` inside a new span (child of the active one, or a root), ended when `fn` settles. */
export async function traced<T>(name: string, o: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!enabled) return fn(undefined);
  const span = startSpan(name, o);
  try {
    const result = await withSpan(span, () => fn(span));
    endSpan(span);
    return result;
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The W3C traceparent of a span (what a child elsewhere continues from). */
export function traceparentOf(span: Span): string {
  const c = span.spanContext();
  return `00-${c.traceId}-${c.spanId}-${(c.traceFlags & TraceFlags.SAMPLED ? 1 : 0).toString(16).padStart(2, "0")}`;
}

/** The active span's traceparent, or null (tracing off, or no span active): what an event row keeps. */
export function activeTraceparent(): string | null {
  if (!enabled) return null;
  const span = trace.getSpan(context.active());
  return span?.isRecording() ? traceparentOf(span) : null;
}

/** The active span's ids, for log lines (logger.ts): undefined when tracing is off or no span is active. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!enabled) return undefined;
  const span = trace.getSpan(context.active());
  if (!span?.isRecording()) return undefined; // an ended span's context, kept by something long-lived
  const c = span.spanContext();
  return { trace_id: c.traceId, span_id: c.spanId };
}

/** The trace id in a traceparent, or undefined. */
export function traceIdOf(traceparent: string | null | undefined): string | undefined {
  return traceparent ? TRACEPARENT.exec(traceparent)?.[1] : undefined;
}

/**
 * The context a traceparent names (a remote parent), or undefined when it is absent or malformed
 * (then the span starts a trace of its own, as W3C Trace Context says). Version 00 only, ids not all zeros.
 */
export function contextFromTraceparent(header: string | null | undefined): Context | undefined {
  if (!enabled || !header) return undefined;
  const m = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!m || /^0+$/.test(m[1]!) || /^0+$/.test(m[2]!)) return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: m[1]!, spanId: m[2]!, traceFlags: parseInt(m[3]!, 16) & TraceFlags.SAMPLED, isRemote: true });
}
