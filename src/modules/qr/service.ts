/**
 * QR images of payment intents: a 400x400 PNG of exactly the intent's `qr_payload` (error
 * correction M, 4-module quiet zone), rendered on the first request for an intent (never on the
 * create path) and kept in a bounded in-memory LRU. The payload of an intent never changes, so an
 * image never does either: the ETag is a hash of the payload.
 */
import { createHash } from "node:crypto";
import QRCode from "qrcode";
import type { AppContext } from "../../context.ts";
import { isIdOf } from "../../domain/ids.ts";
import { intentFromDb, qrSettings } from "../payment-intents/service.ts";
import { intentBaseShape } from "../payment-intents/shapes.ts";

export const QR_SIZE_PX = 400;
export const QR_MARGIN_MODULES = 4;
export const QR_ERROR_CORRECTION = "M" as const;

export interface QrImage {
  png: Uint8Array;
  etag: string;
  payload: string;
}

export interface QrCacheStats {
  renders: number;
  hits: number;
  entries: number;
  bytes: number;
}

/** Renders the PNG for a payload (exported for tests and tools). */
export async function renderQrPng(payload: string): Promise<Uint8Array> {
  const buf = await QRCode.toBuffer(payload, {
    type: "png",
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    margin: QR_MARGIN_MODULES,
    width: QR_SIZE_PX,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

export class QrImages {
  private lru = new Map<string, QrImage>();
  private inflight = new Map<string, Promise<QrImage | null>>();
  private bytes = 0;
  private renders = 0;
  private hits = 0;

  constructor(
    private ctx: AppContext,
    private limits: { maxEntries: number; maxBytes: number } = { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 },
  ) {}

  /** The image of intent `id`, or null when there is no such intent. */
  async get(id: string): Promise<QrImage | null> {
    if (!isIdOf("paymentIntent", id)) return null;
    const hit = this.lru.get(id);
    if (hit) {
      this.hits++;
      // Most recently used goes to the end; eviction takes from the front.
      this.lru.delete(id);
      this.lru.set(id, hit);
      return hit;
    }
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return pending;
  }

  stats(): QrCacheStats {
    return { renders: this.renders, hits: this.hits, entries: this.lru.size, bytes: this.bytes };
  }

  private async load(id: string): Promise<QrImage | null> {
    const [row] = await this.ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${id}`;
    if (!row) return null;
    const intent = intentFromDb(row);
    const payload = intentBaseShape(intent, qrSettings(this.ctx, intent.mode)).qr_payload;
    const png = await renderQrPng(payload);
    this.renders++;
    const image: QrImage = { png, payload, etag: `"${createHash("sha256").update(payload).digest("base64url").slice(0, 32)}"` };
    this.lru.set(id, image);
    this.bytes += png.byteLength;
    for (const [key, old] of this.lru) {
      if (this.lru.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.lru.delete(key);
      this.bytes -= old.png.byteLength;
    }
    return image;
  }
}

/** True when an If-None-Match header matches the ETag (weak comparison, `*` included). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

const perContext = new WeakMap<AppContext, QrImages>();
/** The one image cache of a service (the routes and tests share it). */
export function qrImagesFor(ctx: AppContext): QrImages {
  let images = perContext.get(ctx);
  if (!images) perContext.set(ctx, (images = new QrImages(ctx)));
  return images;
}
