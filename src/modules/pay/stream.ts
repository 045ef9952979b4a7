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
 * - On a chain with confirmations, one query a second per chain (only while such pages are open)
 *   looks for the watched unpaid intents' transfers among indexed but unconfirmed blocks, so the
 *   page can say "payment seen, waiting for confirmations" (`sweep`).
 */
import type { Mode } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { CHAIN_VIEWS, isViewsMissing } from "../matching/chain-reader.ts";
import { loadPageView, type PageStatus } from "./status.ts";

export const PAY_CHANNEL = "pay_page";
export const DEFAULT_MAX_STREAMS = 10_000;
/**
 * Below Bun's default idle timeout (10 s, src/api/server.ts does not change it): a stream with no
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

/** What a page pays: used to spot its transfer before it has its confirmations. */
export interface PayTarget {
  mode: Mode;
  chainId: number;
  /** Lowercase, as the indexer stores addresses. */
  address: string;
  expectedUnits: bigint;
}

/** How often watched, unpaid intents are looked for among unconfirmed transfers (chains with confirmations only). */
const SEEN_SWEEP_MS = 1_000;

interface Watched {
  merchantId: string;
  target: PayTarget | null;
  /** The last status read from the database (without `seen`). */
  state: PageStatus | null;
  seen: { tx_hash: string; confirmations: number } | null;
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
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private sweeping = false;
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
  subscribe(intentId: string, merchantId: string, sub: Subscriber, initial: PageStatus, target: PayTarget | null = null): (() => void) | null {
    if (this.closed || this.streams >= this.maxStreams) return null;
    let w = this.watched.get(intentId);
    if (!w) {
      w = { merchantId, target, state: null, seen: null, subscribers: new Set(), last: null, reading: false, dirty: false };
      this.watched.set(intentId, w);
      let ids = this.byMerchant.get(merchantId);
      if (!ids) this.byMerchant.set(merchantId, (ids = new Set()));
      ids.add(intentId);
    }
    w.subscribers.add(sub);
    this.streams++;
    this.startHeartbeat();
    if (w.state === null) w.state = initial;
    const text = this.render(w, initial);
    sub.send(text);
    // A change between the caller's read and this registration would be missed: read once more.
    if (w.last === null) w.last = text;
    else if (w.last !== text) this.refresh(intentId);
    this.startSweeper();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.drop(intentId, sub);
    };
  }

  /** `state` with what the hub knows beyond the database (a transfer seen, not yet confirmed). */
  decorate(intentId: string, state: PageStatus): PageStatus {
    const w = this.watched.get(intentId);
    return w ? this.withSeen(w, state) : state;
  }

  private withSeen(w: Watched, state: PageStatus): PageStatus {
    return w.seen && state.status === "awaiting_payment" ? { ...state, seen: w.seen } : state;
  }

  private render(w: Watched, state: PageStatus): string {
    return JSON.stringify(this.withSeen(w, state));
  }

  /** Ends every stream and the LISTEN (service stop). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
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
    if (this.streams === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  /** The sweep runs only while a page watches an intent on a chain that waits for confirmations. */
  private startSweeper() {
    if (this.sweeper) return;
    const needs = this.ctx.networks.some((c) => c.confirmations > 0);
    if (!needs) return;
    this.sweeper = setInterval(() => void this.sweep(), SEEN_SWEEP_MS);
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  /**
   * One query per chain for every watched unpaid intent: transfers of exactly its expected value to
   * its address, indexed but above the safe block (checkpoint - confirmations), i.e. seen by the
   * indexer and not yet matched. The page then says "payment seen, waiting for confirmations";
   * it says confirmed only when the matcher confirms the intent (the database notification).
   */
  private async sweep() {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const chain of this.ctx.networks) {
        if (chain.confirmations === 0) continue;
        const open = [...this.watched.entries()].filter(([, w]) => w.target?.mode === chain.mode && w.target.chainId === chain.chainId && w.seen === null && w.state?.status === "awaiting_payment");
        if (open.length === 0) continue;
        let rows: { to_address: string; value: string; transaction_hash: string }[];
        try {
          // usdc_transfer is named before chain_checkpoint (chain-reader.ts rule 2: the view swap's lock order).
          rows = await this.ctx.database.sql.unsafe(
            `SELECT t.to_address, t.value::text AS value, t.transaction_hash
             FROM ${CHAIN_VIEWS}.usdc_transfer t
             WHERE t.chain_id = $1
               AND (t.to_address, t.value) IN (SELECT x.a, x.v FROM json_to_recordset($2::text::json) AS x(a text, v numeric))
               AND t.block_number > (SELECT c.block_number FROM ${CHAIN_VIEWS}.chain_checkpoint c WHERE c.chain_id = $1) - $3`,
            // The pairs go as one JSON text parameter (see src/db/pg-values.ts: no driver array encoding).
            [chain.chainId, JSON.stringify(open.map(([, w]) => ({ a: w.target!.address, v: w.target!.expectedUnits.toString() }))), chain.confirmations] as never[],
          );
        } catch (err) {
          if (isViewsMissing(err)) continue;
          throw err;
        }
        for (const r of rows) {
          for (const [id, w] of open) {
            if (w.seen || w.target!.address !== r.to_address.toLowerCase() || w.target!.expectedUnits.toString() !== r.value) continue;
            w.seen = { tx_hash: r.transaction_hash, confirmations: chain.confirmations };
            this.publish(id, w);
          }
        }
      }
    } catch (err) {
      this.ctx.log.warn("pay page: unconfirmed transfer sweep failed", { err });
    } finally {
      this.sweeping = false;
    }
  }

  private publish(intentId: string, w: Watched) {
    if (!w.state) return;
    const text = this.render(w, w.state);
    if (text === w.last) return;
    w.last = text;
    for (const s of [...w.subscribers]) {
      if (s.send(text)) this.counters.deliveries++;
      else this.drop(intentId, s, true);
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
        w.state = view.state;
        this.publish(intentId, w);
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
