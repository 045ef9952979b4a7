/**
 * Route: GET /v1/qr/{payment_intent_id}.png, public (docs/contributors.md "Authentication and scope": ids
 * carry >= 128 bits of randomness and the image shows only what the QR shows), so a checkout page
 * can use it in an <img>. Long-lived cache headers: an intent's image never changes.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { printableName } from "../../domain/text.ts";
import { errorExample, errorResponse } from "../../http/openapi.ts";
import { etagMatches, qrImagesFor } from "./service.ts";

export const QR_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function qrRoutes(ctx: AppContext) {
  const images = qrImagesFor(ctx);
  return new Elysia({ name: "qr" }).get(
    "/v1/qr/:file",
    async ({ params, request }) => {
      const id = params.file.endsWith(".png") ? params.file.slice(0, -".png".length) : undefined;
      const image = id === undefined ? null : await images.get(id);
      if (!image) throw new ApiError("resource_missing", `No such QR image: '${printableName(params.file)}'`);
      const headers = { "cache-control": QR_CACHE_CONTROL, etag: image.etag };
      if (etagMatches(request.headers.get("if-none-match"), image.etag)) return new Response(null, { status: 304, headers });
      return new Response(image.png, { status: 200, headers: { ...headers, "content-type": "image/png" } });
    },
    {
      params: t.Object({
        file: t.String({ description: "The payment intent id followed by `.png`: `{payment_intent_id}.png`.", examples: ["pi_3MtwBwLkdIwHu7ix28a3tqPa.png"] }),
      }),
      detail: {
        tags: ["QR"],
        summary: "QR image of a payment intent",
        description:
          "A 400x400 PNG of exactly the intent's `qr_payload` (error correction level M, with quiet zone), the target of `qr_image_url`. Public: no API key is needed, so a checkout page can put it in an `<img>`. Query parameters are ignored.",
        security: [],
        responses: {
          200: {
            description: "The PNG. Served with `Cache-Control: public, max-age=31536000, immutable` and an ETag.",
            headers: {
              "Cache-Control": { schema: { type: "string" }, example: QR_CACHE_CONTROL },
              ETag: { schema: { type: "string" } },
            },
            content: { "image/png": { schema: { type: "string", format: "binary" } } },
          },
          304: { description: "Not modified (`If-None-Match` matched the ETag)." },
          404: errorResponse(404, [errorExample("resource_missing", "No such QR image: 'pi_unknown.png'")]),
          429: errorResponse(429, [errorExample("rate_limited", "Too many requests from this address. Retry after the number of seconds in the Retry-After header.")]),
        },
      },
    },
  );
}
