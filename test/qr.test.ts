/**
 * GET /v1/qr/{id}.png: a public 400x400 PNG that a real QR decoder (jsQR) reads back as exactly the
 * intent's qr_payload; error correction M and the quiet zone checked module by module against the
 * reference encoding; long-lived cache headers and ETag; rendered lazily and served from the cache.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { QR_MARGIN_MODULES, QR_SIZE_PX, qrImagesFor } from "../src/modules/qr/service.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { createOk, errorOf, fixtures } from "./support/intents.ts";

let svc: TestService;
let fx: Awaited<ReturnType<typeof fixtures>>;
beforeAll(async () => {
  svc = await startTestService();
  fx = await fixtures(svc);
});
afterAll(async () => {
  await svc?.stop();
});

async function fetchPng(id: unknown, headers: Record<string, string> = {}) {
  return svc.api(`/v1/qr/${String(id)}.png`, { key: null, headers });
}

function decode(bytes: ArrayBuffer) {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { png, qr: jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height) };
}

describe("GET /v1/qr/{id}.png", () => {
  test("public 400x400 PNG that decodes to exactly qr_payload, with long-lived cache headers", async () => {
    const intent = await createOk(svc, { amount: 12.5 });
    const res = await fetchPng(intent.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const { png, qr } = decode(await res.arrayBuffer());
    expect([png.width, png.height]).toEqual([400, 400]);
    expect(qr?.data).toBe(String(intent.qr_payload));
    // The URL in the intent is the one served.
    expect(String(intent.qr_image_url).endsWith(`/v1/qr/${intent.id}.png`)).toBe(true);
  });

  test("error correction M and a 4-module quiet zone: every module matches the reference encoding", async () => {
    await createOk(svc, { amount: 99.99 }); // so the next intent carries a tag
    const intent = await createOk(svc, { amount: 99.99, merchant_id: fx.second.id }, svc.sandbox.test_key_unscoped);
    const { png } = decode(await (await fetchPng(intent.id)).arrayBuffer());
    const reference = QRCode.create(String(intent.qr_payload), { errorCorrectionLevel: "M" });
    const size = reference.modules.size;
    const scale = QR_SIZE_PX / (size + 2 * QR_MARGIN_MODULES);
    const dark = (x: number, y: number) => png.data[(Math.floor(y) * png.width + Math.floor(x)) * 4]! < 128;
    let mismatches = 0;
    for (let row = -QR_MARGIN_MODULES; row < size + QR_MARGIN_MODULES; row++) {
      for (let col = -QR_MARGIN_MODULES; col < size + QR_MARGIN_MODULES; col++) {
        const inside = row >= 0 && col >= 0 && row < size && col < size;
        const want = inside ? Boolean(reference.modules.get(row, col)) : false; // quiet zone is light
        const got = dark((col + QR_MARGIN_MODULES + 0.5) * scale, (row + QR_MARGIN_MODULES + 0.5) * scale);
        if (want !== got) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // Level M, not L/Q/H: the other levels encode this payload differently.
    for (const level of ["L", "Q", "H"] as const) {
      const other = QRCode.create(String(intent.qr_payload), { errorCorrectionLevel: level });
      const differs = other.modules.size !== size || Array.from(other.modules.data).some((v, i) => Boolean(v) !== Boolean(reference.modules.data[i]));
      expect(differs).toBe(true);
    }
  });

  test("rendered on first request only (never on create), then served from the cache; ETag revalidation is 304", async () => {
    const images = qrImagesFor(svc.ctx);
    const before = images.stats().renders;
    const intent = await createOk(svc, { amount: 3.5 });
    expect(images.stats().renders).toBe(before);
    const first = await fetchPng(intent.id);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(images.stats().renders).toBe(before + 1);
    const etag = first.headers.get("etag")!;
    const again = await Promise.all(Array.from({ length: 5 }, () => fetchPng(intent.id)));
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(new Uint8Array(await r.arrayBuffer())).toEqual(bytes);
      expect(r.headers.get("etag")).toBe(etag);
    }
    expect(images.stats().renders).toBe(before + 1);
    const notModified = await fetchPng(intent.id, { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    expect((await fetchPng(intent.id, { "if-none-match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await fetchPng(intent.id, { "if-none-match": '"other"' })).status).toBe(200);
  });

  test("concurrent first requests render once", async () => {
    const images = qrImagesFor(svc.ctx);
    const intent = await createOk(svc, { amount: 4.5 });
    const before = images.stats().renders;
    const results = await Promise.all(Array.from({ length: 10 }, () => fetchPng(intent.id)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(images.stats().renders).toBe(before + 1);
  });

  test("the image does not change with the intent's status, and any key (or none) may fetch it", async () => {
    const intent = await createOk(svc, { amount: 5.5 });
    const before = await (await fetchPng(intent.id)).arrayBuffer();
    await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" });
    const after = await svc.api(`/v1/qr/${intent.id}.png`, { key: fx.foreignKey });
    expect(after.status).toBe(200);
    expect(new Uint8Array(await after.arrayBuffer())).toEqual(new Uint8Array(before));
  });

  test("unknown or malformed ids are 404 in the error shape", async () => {
    const intent = await createOk(svc, { amount: 6.5 });
    for (const path of [
      `/v1/qr/pi_doesnotexist00000000000.png`,
      `/v1/qr/${intent.id}`,
      `/v1/qr/${intent.id}.jpg`,
      `/v1/qr/${intent.id}.png.png`,
      `/v1/qr/${String(intent.id).toUpperCase()}.png`,
      `/v1/qr/.png`,
      `/v1/qr/mer_3KQCS7Pd8wlRXGzbow4mQ2Wg.png`,
      `/v1/qr/${encodeURIComponent("pi_\u0000aaaaaaaaaaaa")}.png`,
    ]) {
      const res = await svc.api(path, { key: null });
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).not.toBe("public, max-age=31536000, immutable");
      expect(await errorOf(res)).toEqual({ type: "invalid_request_error", code: "resource_missing", message: expect.any(String) });
    }
  });

  test("the cache is bounded (entries and bytes)", async () => {
    const { QrImages } = await import("../src/modules/qr/service.ts");
    const small = new QrImages(svc.ctx, { maxEntries: 3, maxBytes: 1_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(String((await createOk(svc, { amount: 7 + i })).id));
    for (const id of ids) await small.get(id);
    expect(small.stats().entries).toBe(3);
    await small.get(ids[4]!); // hit
    expect(small.stats()).toMatchObject({ renders: 5, hits: 1 });
    await small.get(ids[0]!); // evicted earlier: rendered again
    expect(small.stats().renders).toBe(6);
    const tiny = new QrImages(svc.ctx, { maxEntries: 100, maxBytes: 1 });
    await tiny.get(ids[0]!);
    expect(tiny.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
