/**
 * Live status for open payment pages: ONE `LISTEN pay_page` connection per API process (postgres.js
 * keeps one dedicated connection for all its listeners), fanned out in-process.
 *
 * - Triggers (migration 0005) notify the intent id when its status or linked transaction changes,
 *   or the merchant id when a transfer linked to no intent arrives (a wrong-amount attempt).
 * - A notification for an intent nobody watches costs one Map lookup. For a watched intent the view
 *   is read ONCE (coalesced: at most one read in flight per intent, re-read once if notified during
 *   it) and the same serialized event goes to every page of that intent: the database does one
 *   query per change, not one per page per second.
 * - Bounded memory: at most `maxStreams` subscribers (then the route answers 503 and the page polls),
 *   a slow reader whose queue passes 64 KiB is dropped, and one shared heartbeat timer (not one
 *   per stream) keeps idle connections open (Bun's idle timeout, proxies).
 * - On (re)connect of the LISTEN connection every watched intent is re-read: nothing said while
 *   the connection was down is lost.
 */
import type { AppContext } from "../../context.ts";
import { loadPageView, type PageStatus } from "./status.ts";

export const PAY_CHANNEL = "pay_page";
export const DEFAULT_MAX_STREAMS = 10_000;
/**
 * Below Bun's default idle timeout (10 s, src/http/server.ts does not change it): a stream with no
 * status change would otherwise be cut every 10 s. 1,000 streams cost 200 tiny writes a second.
 */
const HEARTBEAT_MS = 5_000;
/** A stream whose unread queue passes this is dropped (the browser reconnects or polls). */
const MAX_QUEUED_BYTES = 64 * 1024;

export interface Subscriber {
  /** Sends one serialized status; returns false when the stream is gone or too slow. */
  send(status: string): boolean;
  heartbeat(): boolean;
  close(): void;
}

interface Watched {
  merchantId: string;
  subscribers: Set<Subscriber>;
  /** The last status sent to this intent's pages (serialized), so unchanged re-reads send nothing. */
  last: string | null;
  reading: boolean;
  dirty: boolean;
}

export interface HubStats {
  streams: number;
  intents: number;
  notifications: number;
  reads: number;
  deliveries: number;
}

export class PayStatusHub {
  private watched = new Map<string, Watched>();
  private byMerchant = new Map<string, Set<string>>();
  private streams = 0;
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private counters = { notifications: 0, reads: 0, deliveries: 0 };

  constructor(
    private ctx: AppContext,
    readonly maxStreams = DEFAULT_MAX_STREAMS,
  ) {}

  stats(): HubStats {
    return { streams: this.streams, intents: this.watched.size, ...this.counters };
  }

  /** Open streams of one intent. */
  watching(intentId: string): number {
    return this.watched.get(intentId)?.subscribers.size ?? 0;
  }

  /** Starts the LISTEN once; resolves when the connection listens. */
  ready(): Promise<void> {
    if (!this.listening) {
      this.listening = this.ctx.database.sql
        .listen(PAY_CHANNEL, (payload) => this.onNotify(payload), () => this.onListen())
        .then((meta) => {
          this.unlisten = meta.unlisten;
        })
        .catch((err: unknown) => {
          this.listening = null; // the next subscriber tries again; pages poll meanwhile
          throw err;
        });
    }
    return this.listening;
  }

  /**
   * Registers a page of intent `intentId` (merchant `merchantId`) whose current status `initial` was
   * just read. Returns the unsubscribe function, or null when the process holds maxStreams already.
   */
  subscribe(intentId: string, merchantId: string, sub: Subscriber, initial: PageStatus): (() => void) | null {
    if (this.closed || this.streams >= this.maxStreams) return null;
    let w = this.watched.get(intentId);
    if (!w) {
      w = { merchantId, subscribers: new Set(), last: null, reading: false, dirty: false };
      this.watched.set(intentId, w);
      let ids = this.byMerchant.get(merchantId);
      if (!ids) this.byMerchant.set(merchantId, (ids = new Set()));
      ids.add(intentId);
    }
    w.subscribers.add(sub);
    this.streams++;
    this.startHeartbeat();
    const text = JSON.stringify(initial);
    sub.send(text);
    // A change between the caller's read and this registration would be missed: read once more.
    if (w.last === null) w.last = text;
    else if (w.last !== text) this.refresh(intentId);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.drop(intentId, sub);
    };
  }

  /** Ends every stream and the LISTEN (service stop). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const [id, w] of this.watched) for (const s of [...w.subscribers]) this.drop(id, s, true);
    await this.unlisten?.().catch(() => {});
  }

  private drop(intentId: string, sub: Subscriber, close = false) {
    const w = this.watched.get(intentId);
    if (!w || !w.subscribers.delete(sub)) return;
    this.streams--;
    if (close) sub.close();
    if (w.subscribers.size === 0) {
      this.watched.delete(intentId);
      const ids = this.byMerchant.get(w.merchantId);
      ids?.delete(intentId);
      if (ids && ids.size === 0) this.byMerchant.delete(w.merchantId);
    }
    if (this.streams === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private startHeartbeat() {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const [id, w] of this.watched) for (const s of [...w.subscribers]) if (!s.heartbeat()) this.drop(id, s, true);
    }, HEARTBEAT_MS);
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  private onNotify(payload: string) {
    this.counters.notifications++;
    if (this.watched.has(payload)) return this.refresh(payload);
    const ids = this.byMerchant.get(payload);
    if (ids) for (const id of ids) this.refresh(id);
  }

  /** (Re)connected: anything said while the connection was down is re-read. */
  private onListen() {
    for (const id of this.watched.keys()) this.refresh(id);
  }

  private refresh(intentId: string) {
    const w = this.watched.get(intentId);
    if (!w) return;
    if (w.reading) {
      w.dirty = true;
      return;
    }
    w.reading = true;
    w.dirty = false;
    this.counters.reads++;
    loadPageView(this.ctx, intentId)
      .then((view) => {
        if (!view) return;
        const text = JSON.stringify(view.state);
        if (text === w.last) return;
        w.last = text;
        for (const s of [...w.subscribers]) {
          if (s.send(text)) this.counters.deliveries++;
          else this.drop(intentId, s, true);
        }
      })
      .catch((err: unknown) => this.ctx.log.warn("pay page status read failed", { err, payment_intent_id: intentId }))
      .finally(() => {
        w.reading = false;
        if (w.dirty && this.watched.get(intentId) === w) this.refresh(intentId);
      });
  }
}

const encoder = new TextEncoder();

/**
 * A server-sent-events body for one page: `event: status` with the JSON status, comments as
 * heartbeats. `onCancel` runs when the browser goes away.
 */
export function sseStream(onCancel: () => void): { body: ReadableStream<Uint8Array>; subscriber: Subscriber } {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let open = true;
  const write = (text: string): boolean => {
    if (!open || !controller) return false;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return false;
    try {
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      open = false;
      return false;
    }
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // The browser reconnects after 2 s if the connection drops.
        c.enqueue(encoder.encode("retry: 2000\n\n"));
      },
      cancel() {
        open = false;
        onCancel();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 },
  );
  const subscriber: Subscriber = {
    send: (status) => write(`event: status\ndata: ${status}\n\n`),
    heartbeat: () => write(": keep-alive\n\n"),
    close() {
      if (!open) return;
      open = false;
      try {
        controller?.close();
      } catch {
        /* already closed */
      }
    },
  };
  return { body, subscriber };
}

const perContext = new WeakMap<AppContext, PayStatusHub>();
/** The one hub of a service (routes, tests and the bench share it). */
export function payStatusHubFor(ctx: AppContext): PayStatusHub {
  let hub = perContext.get(ctx);
  if (!hub) perContext.set(ctx, (hub = new PayStatusHub(ctx)));
  return hub;
}
