/**
 * The dispatcher role: outbox events -> signed webhook deliveries (docs/contributors.md "Webhooks").
 *
 * 1. Fan-out: events not yet fanned out become one delivery per target endpoint, in the same
 *    statement that marks them fanned out (src/modules/webhooks/service.ts).
 * 2. Claim: due deliveries, in batches, FOR UPDATE SKIP LOCKED, at most `perEndpointConcurrency`
 *    in flight per endpoint in this process and `maxInFlight` in all, with a lease (a worker that
 *    dies mid-delivery loses nothing: the row is due again when the lease ends).
 * 3. Send: POST the event envelope with Standard Webhooks headers; any 2xx within the timeout is
 *    success. Sends run concurrently, so a slow or dead endpoint only ever holds its own slots.
 * 4. Record: attempts are written in batches; the delivery moves on (succeeded / retry / failed),
 *    a 410 disables the endpoint, and so does failure sustained for days (schedule.ts), each with a
 *    `webhook_endpoint.disabled` event.
 *
 * Woken by NOTIFY on event insert (trigger in 0003_webhooks.sql), by finished sends, and by a poll.
 * Business time (schedule, leases) comes from the injectable clock; the signature timestamp is
 * wall-clock time, because receivers check it against their own clocks.
 */
import { randomUUID } from "node:crypto";
import type { AppContext, Clock } from "../context.ts";
import { systemClock } from "../context.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";
import { eventEnvelope, purgeExpiredEvents } from "../modules/outbox/outbox.ts";
import { postWebhook, type AttemptResult } from "../modules/webhooks/delivery.ts";
import { decideAfterAttempt, leaseMs, parseRetryAfter } from "../modules/webhooks/schedule.ts";
import { secretKey, webhookHeaders } from "../modules/webhooks/signing.ts";
import { anyAddressAllowed, checkEndpointUrl, systemResolver, type Resolver } from "../modules/webhook-endpoints/url-policy.ts";
import { archiveFinished, claimDeliveries, EVENTS_CHANNEL, fanOutEvents, disableEndpoint, recordAttempts, releaseClaims, type AttemptRecord, type ClaimedDelivery } from "../modules/webhooks/service.ts";
import { contextFromTraceparent, endSpan, SpanKind, startSpan, traceparentOf } from "../lib/tracing.ts";

export interface DispatcherOptions {
  /** Business time: due times, retry schedule, leases. Default ctx.clock. */
  clock?: Clock;
  /** Signature timestamps and Retry-After dates. Default the system clock. */
  wallClock?: Clock;
  /** Requests in flight to one endpoint from this process. */
  perEndpointConcurrency?: number;
  /** Requests in flight from this process. */
  maxInFlight?: number;
  /** Poll interval when nothing wakes the dispatcher (retries coming due, lost notifications). */
  pollMs?: number;
  fanOutBatch?: number;
  recordBatch?: number;
  janitorEveryMs?: number;
  timeoutMs?: number;
  random?: () => number;
  /** Name resolution for the delivery-time URL check of live endpoints (tests inject one). */
  resolve?: Resolver;
}

/** An endpoint whose recent requests took less than this (EWMA) gets rows prefetched for it. */
const FAST_ENDPOINT_MS = 250;

interface EndpointState {
  inFlight: number;
  queue: ClaimedDelivery[];
  /** Moving average of request durations; undefined until the first one ends. */
  ewmaMs: number | undefined;
  lastActive: number;
}
const ENDPOINT_STATE_IDLE_MS = 60_000;
/** Prefetch for a fast endpoint: about this much work at its pace. */
const PREFETCH_BUDGET_MS = 500;
/** A queued row is sent only if its request can end this long before its lease does. */
const LEASE_MARGIN_MS = 5_000;

export const DISPATCHER_DEFAULTS = {
  perEndpointConcurrency: 16,
  maxInFlight: 512,
  pollMs: 500,
  fanOutBatch: 1000,
  recordBatch: 500,
  janitorEveryMs: 60_000,
} as const;

export class Dispatcher extends PollingRole {
  private readonly clock: Clock;
  private readonly wallClock: Clock;
  private readonly opts: Required<Omit<DispatcherOptions, "clock" | "wallClock" | "random" | "resolve">>;
  private readonly random: () => number;
  private readonly resolve: Resolver;
  private readonly lease: number;

  /** Per endpoint: requests in flight, claimed rows waiting for a slot, recent latency. */
  private readonly endpoints = new Map<string, EndpointState>();
  /** Requests in flight plus claimed rows waiting, in all. */
  private held = 0;
  /** When each held row was claimed (performance.now()). */
  private readonly claimedAt = new WeakMap<ClaimedDelivery, number>();
  private inFlight = 0;
  private readonly sends = new Set<Promise<void>>();
  private readonly toRecord: AttemptRecord[] = [];
  private flushing: Promise<void> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  private fanOutDue = true;
  private lastClaimFound = false;
  private janitor: ReturnType<typeof setInterval> | undefined;
  private janitorRunning = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly ctx: AppContext, options: DispatcherOptions = {}) {
    const pollMs = options.pollMs ?? DISPATCHER_DEFAULTS.pollMs;
    super({ role: "dispatcher", log: ctx.log.child({ role: "dispatcher" }), failure: "dispatcher round failed", intervalMs: pollMs, maxBackoffMs: 10_000, latchWakeups: true });
    this.clock = options.clock ?? ctx.clock;
    this.wallClock = options.wallClock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.resolve = options.resolve ?? systemResolver;
    this.opts = {
      perEndpointConcurrency: options.perEndpointConcurrency ?? DISPATCHER_DEFAULTS.perEndpointConcurrency,
      maxInFlight: options.maxInFlight ?? DISPATCHER_DEFAULTS.maxInFlight,
      pollMs,
      fanOutBatch: options.fanOutBatch ?? DISPATCHER_DEFAULTS.fanOutBatch,
      recordBatch: options.recordBatch ?? DISPATCHER_DEFAULTS.recordBatch,
      janitorEveryMs: options.janitorEveryMs ?? DISPATCHER_DEFAULTS.janitorEveryMs,
      timeoutMs: options.timeoutMs ?? ctx.config.webhookTimeoutMs,
    };
    this.lease = leaseMs(this.opts.timeoutMs);
  }

  /** Listens for new events, starts the janitor, then the poll loop. */
  override async start(): Promise<void> {
    const listener = await this.ctx.database.sql.listen(EVENTS_CHANNEL, () => {
      this.fanOutDue = true;
      this.wake();
    });
    this.unlisten = () => listener.unlisten();
    this.janitor = setInterval(() => void this.runJanitor(), this.opts.janitorEveryMs);
    super.start();
  }

  /** A full poll interval without a wake-up: look for events a missed NOTIFY left behind. */
  protected override slept(): void {
    this.fanOutDue = true;
  }

  /** Number of requests in flight from this process. */
  get inFlightCount(): number {
    return this.inFlight;
  }

  /**
   * How many more rows of each known endpoint this process may claim: its concurrency, plus, while
   * the endpoint answers fast (EWMA < 250 ms), rows waiting locally for about 500 ms of work at its
   * pace (at most 3 rounds), so its slots refill without waiting for a claim round trip. A waiting
   * row's lease keeps running: slow endpoints get no prefetch, and pump() gives back any row that
   * waited too long to finish inside its lease.
   */
  private freeSlots(): Map<string, number> {
    const free = new Map<string, number>();
    const now = performance.now();
    for (const [id, st] of this.endpoints) {
      if (st.inFlight === 0 && st.queue.length === 0 && now - st.lastActive > ENDPOINT_STATE_IDLE_MS) {
        this.endpoints.delete(id); // forget endpoints idle for a while (no slots held, latency stale)
        continue;
      }
      const c = this.opts.perEndpointConcurrency;
      // Enough to keep the slots busy for about PREFETCH_BUDGET_MS at the endpoint's pace, at most 3 rounds.
      const prefetch = st.ewmaMs !== undefined && st.ewmaMs < FAST_ENDPOINT_MS ? Math.min(3 * c, Math.floor((c * PREFETCH_BUDGET_MS) / Math.max(st.ewmaMs, 1))) : 0;
      free.set(id, Math.max(0, this.opts.perEndpointConcurrency + prefetch - st.inFlight - st.queue.length));
    }
    return free;
  }

  /**
   * Stops claiming, waits for requests in flight (each ends within the timeout) and records them.
   * Anything not recorded is re-delivered by another worker after its lease.
   */
  override async stop(): Promise<void> {
    if (this.stopping) return super.stop();
    if (this.janitor) clearInterval(this.janitor);
    await super.stop();
    // Claimed but not started: give them back, due now, for another worker.
    const queued = [...this.endpoints.values()].flatMap((st) => st.queue.splice(0));
    this.held -= queued.length;
    await releaseClaims(this.ctx.database.sql, this.clock.now(), queued).catch((err: unknown) =>
      this.log.warn("could not release queued deliveries; they are retried after their lease", { err, count: queued.length }),
    );
    await Promise.race([Promise.allSettled([...this.sends]), Bun.sleep(this.opts.timeoutMs + 1000)]);
    await this.flush();
    await this.unlisten?.().catch(() => {});
  }

  /** One round: fan out new events, then claim what this process has room for and start sending. */
  protected async round(): Promise<void> {
    const sql = this.ctx.database.sql;
    if (this.fanOutDue) {
      this.fanOutDue = false;
      for (;;) {
        const r = await fanOutEvents(sql, this.clock.now(), this.opts.fanOutBatch);
        if (r.events < this.opts.fanOutBatch || this.stopping) break;
      }
    }
    const free = this.opts.maxInFlight - this.held;
    if (free <= 0) return; // a finishing send wakes the loop
    const claimed = await claimDeliveries(sql, {
      now: this.clock.now(),
      leaseMs: this.lease,
      max: free,
      perEndpoint: this.opts.perEndpointConcurrency,
      free: this.freeSlots(),
      token: randomUUID(),
    });
    // Finished sends only wake the loop while there is work; otherwise NOTIFY or the poll does.
    this.lastClaimFound = claimed.length > 0;
    const at = performance.now();
    for (const d of claimed) {
      this.claimedAt.set(d, at);
      this.endpoint(d.endpointId).queue.push(d);
      this.held++;
    }
    for (const id of new Set(claimed.map((d) => d.endpointId))) this.pump(id);
  }

  private endpoint(id: string): EndpointState {
    let st = this.endpoints.get(id);
    if (!st) this.endpoints.set(id, (st = { inFlight: 0, queue: [], ewmaMs: undefined, lastActive: performance.now() }));
    return st;
  }

  /**
   * Starts queued deliveries of an endpoint while it has free slots. A row that waited so long that
   * its lease could end before its request does (the endpoint slowed down) is given back instead.
   */
  private pump(endpointId: string): void {
    const st = this.endpoint(endpointId);
    const stale: ClaimedDelivery[] = [];
    const maxWait = this.lease - this.opts.timeoutMs - LEASE_MARGIN_MS;
    while (st.inFlight < this.opts.perEndpointConcurrency && st.queue.length > 0 && !this.stopping) {
      const d = st.queue.shift();
      if (!d) break;
      if (performance.now() - (this.claimedAt.get(d) ?? 0) > maxWait) {
        stale.push(d);
        this.held--;
        continue;
      }
      this.send(d, st);
    }
    if (stale.length)
      void releaseClaims(this.ctx.database.sql, this.clock.now(), stale).catch((err: unknown) =>
        this.log.warn("could not release stale queued deliveries; they are retried after their lease", { err, count: stale.length }),
      );
  }

  private send(d: ClaimedDelivery, st: EndpointState): void {
    this.inFlight++;
    st.inFlight++;
    const started = performance.now();
    const p = this.attempt(d)
      .catch((err: unknown) => this.log.error("delivery attempt failed unexpectedly", { err, delivery: d.id }))
      .finally(() => {
        const ms = performance.now() - started;
        st.ewmaMs = st.ewmaMs === undefined ? ms : st.ewmaMs * 0.8 + ms * 0.2;
        st.lastActive = performance.now();
        this.inFlight--;
        this.held--;
        st.inFlight--;
        this.sends.delete(p);
        this.pump(d.endpointId);
        if (this.lastClaimFound && !this.stopping) this.wake();
      });
    this.sends.add(p);
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const startedAt = this.clock.now();
    const body = JSON.stringify(eventEnvelope({ id: d.eventId, type: d.eventType, createdAt: d.eventCreatedAt, data: d.eventData }));
    // With tracing on, the attempt continues the trace of what wrote the event (the payment's
    // transfer, an API request); its id goes on the attempt's record and log line.
    const parent = contextFromTraceparent(d.traceparent);
    const span = startSpan("webhook delivery", {
      kind: SpanKind.CLIENT,
      parent,
      root: parent === undefined,
      attributes: { "stablepay.event_id": d.eventId, "stablepay.event_type": d.eventType, "stablepay.delivery_id": d.id, "stablepay.endpoint_id": d.endpointId, "stablepay.attempt": d.attempt },
    });
    const traceId = span?.spanContext().traceId;
    let result: AttemptResult;
    try {
      // Live endpoints (and test ones in production mode): the URL rules again at delivery time, so
      // a name now resolving to a private address (DNS rebinding) is not reached.
      const rule = { mode: d.mode, testAnyAddress: this.ctx.config.webhookTestAnyAddress };
      const verdict = anyAddressAllowed(rule) ? undefined : await checkEndpointUrl(d.url, rule, this.resolve);
      if (verdict && !verdict.ok) throw new Error(verdict.message);
      if (d.secretError) throw new Error(d.secretError);
      const headers = { ...webhookHeaders([d.secret, ...d.previousSecrets].map(secretKey), d.eventId, this.wallClock.now(), body), ...(span ? { traceparent: traceparentOf(span) } : {}) };
      // Connected to the address just approved, never to what a second lookup might answer.
      result = await postWebhook({ url: d.url, headers, body, timeoutMs: this.opts.timeoutMs, ...(verdict?.ok && verdict.address ? { pinned: verdict.address } : {}) });
    } catch (err) {
      result = { statusCode: undefined, durationMs: 0, error: `not sent: ${(err as Error).message ?? String(err)}`, snippet: undefined, retryAfter: undefined };
    }
    if (span) {
      if (result.statusCode !== undefined) span.setAttribute("http.response.status_code", result.statusCode);
      endSpan(span, result.error);
    }
    const finishedAt = this.clock.now();
    const decision = decideAfterAttempt({
      attempt: d.attempt,
      statusCode: result.statusCode,
      retryAfterMs: parseRetryAfter(result.retryAfter, this.wallClock.now().getTime()),
      random: this.random,
    });
    const record: AttemptRecord = {
      deliveryId: d.id,
      eventId: d.eventId,
      endpointId: d.endpointId,
      leaseToken: d.leaseToken,
      attempt: d.attempt,
      startedAt,
      durationMs: result.durationMs,
      outcome: decision.outcome,
      statusCode: result.statusCode,
      error: result.error,
      // A test endpoint the production operator let reach private networks: its answer is not kept
      // (the deliveries API would read an internal service's answer back to a test key).
      snippet: this.ctx.config.env === "production" && anyAddressAllowed({ mode: d.mode, testAnyAddress: this.ctx.config.webhookTestAnyAddress }) ? undefined : result.snippet,
      nextAttemptAt: decision.outcome === "retry_scheduled" ? new Date(finishedAt.getTime() + decision.delayMs) : undefined,
      traceId,
    };
    // One line per attempt: debug when delivered, info when not (the endpoint's owner may need telling).
    const line = { delivery: d.id, endpoint: d.endpointId, event: d.eventId, attempt: d.attempt, outcome: decision.outcome, status: result.statusCode, duration_ms: result.durationMs, trace_id: traceId };
    if (decision.outcome === "succeeded") this.log.debug("webhook delivered", line);
    else this.log.info("webhook attempt failed", { ...line, error: result.error });
    if (decision.outcome === "endpoint_gone") {
      record.disableReason = `410 Gone from ${d.url} at ${finishedAt.toISOString()} (delivery ${d.id})`;
      this.log.warn("webhook endpoint answered 410 Gone; disabled", { endpoint: d.endpointId, delivery: d.id });
      // Disabled now (the attempt record repeats it), and rows waiting here for that endpoint are
      // given back unsent: they are held while it is disabled.
      const queued = this.endpoints.get(d.endpointId)?.queue.splice(0) ?? [];
      this.held -= queued.length;
      await disableEndpoint(this.ctx.database.sql, d.endpointId, record.disableReason, finishedAt)
        .then(() => releaseClaims(this.ctx.database.sql, finishedAt, queued))
        .catch((err: unknown) => this.log.warn("could not disable the endpoint now; the attempt record will", { err }));
    }
    this.toRecord.push(record);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer || this.flushing) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, 1);
  }

  /** Writes queued attempt records in batches; one flush at a time. */
  private async flush(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    if (this.flushing) {
      await this.flushing;
      if (this.toRecord.length === 0) return;
    }
    this.flushing = (async () => {
      let failures = 0;
      while (this.toRecord.length > 0) {
        const batch = this.toRecord.splice(0, this.opts.recordBatch);
        try {
          await recordAttempts(this.ctx.database.sql, this.clock.now(), batch, (endpoint, reason) =>
            // The owner is told by the event and the dashboard; the operator sees it here (410 or sustained failure).
            this.log.warn("webhook endpoint disabled", { endpoint, reason }),
          );
          failures = 0;
        } catch (err) {
          // Keep them: the leases protect against double work meanwhile; give up when stopping.
          this.log.error("recording webhook attempts failed", { err, count: batch.length });
          if (this.stopping && failures >= 2) return;
          this.toRecord.unshift(...batch);
          failures++;
          await Bun.sleep(Math.min(100 * 2 ** failures, 5000));
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
      if (this.toRecord.length > 0 && !this.stopping) this.scheduleFlush();
    }
  }

  private async runJanitor(): Promise<void> {
    if (this.janitorRunning || this.stopping) return;
    this.janitorRunning = true;
    try {
      const r = await archiveFinished(this.ctx.database.sql, this.clock.now());
      if (r.archived || r.purged || r.heldFailed) this.log.info("webhook deliveries archived", r);
      const events = await purgeExpiredEvents(this.ctx.database.sql, this.clock.now());
      if (events) this.log.info("events past their retention deleted", { events });
    } catch (err) {
      this.log.error("webhook archive failed", { err });
    } finally {
      this.janitorRunning = false;
    }
  }
}

export async function startDispatcher(ctx: AppContext, options: DispatcherOptions = {}): Promise<RunningRole & { dispatcher: Dispatcher }> {
  const dispatcher = new Dispatcher(ctx, options);
  await dispatcher.start();
  return { role: "dispatcher", dispatcher, stop: () => dispatcher.stop() };
}
