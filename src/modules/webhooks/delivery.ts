/**
 * One HTTP attempt of a webhook delivery: POST the signed body, wait at most `timeoutMs` for the
 * response, keep the first 1 KiB of the response body. Never throws: every failure is a result.
 *
 * With `pinned` (an address the URL rules approved), the connection goes to that address and no
 * other: node:http(s) with a `lookup` that answers it, the URL's host still sent as Host and as the
 * TLS server name (so the certificate is checked against the name). Without, fetch resolves the name
 * itself (the sandbox's test endpoints, which may reach any address).
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhookHeaders } from "./signing.ts";
import type { PinnedAddress } from "../webhook-endpoints/url-policy.ts";
import { metrics } from "../../metrics.ts";

const attemptDuration = metrics.histogram(
  "stablepay_webhook_attempt_duration_seconds",
  "Webhook delivery attempts: time to the endpoint's status (or to the failure), by outcome (2xx, 3xx, 4xx, 5xx, timeout, error).",
  ["outcome"],
);

function outcomeOf(r: AttemptResult): string {
  if (r.statusCode !== undefined) return `${Math.floor(r.statusCode / 100)}xx`;
  return r.error?.startsWith("timeout") ? "timeout" : "error";
}

function observed(r: AttemptResult): AttemptResult {
  attemptDuration.observe({ outcome: outcomeOf(r) }, r.durationMs / 1000);
  return r;
}

export const SNIPPET_BYTES = 1024;
const USER_AGENT = "stablepay-webhooks/1";

export interface AttemptResult {
  /** HTTP status; undefined when no response arrived (timeout, refused, DNS, TLS, …). */
  statusCode: number | undefined;
  durationMs: number;
  error: string | undefined;
  /** First 1 KiB of the response body as text (invalid UTF-8 replaced, NUL removed). */
  snippet: string | undefined;
  retryAfter: string | undefined;
}

/** `headers`: the Standard Webhooks ones, and the delivery's `traceparent` when tracing is on (the receiver may continue the trace). */
export async function postWebhook(req: { url: string; headers: WebhookHeaders & { traceparent?: string }; body: string; timeoutMs: number; pinned?: PinnedAddress }): Promise<AttemptResult> {
  if (req.pinned) return observed(await postPinned({ ...req, pinned: req.pinned }));
  const started = performance.now();
  const signal = AbortSignal.timeout(req.timeoutMs);
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: "POST",
      headers: { ...req.headers, "content-type": "application/json", "user-agent": USER_AGENT },
      body: req.body,
      signal,
      // A redirect is not a 2xx: it is recorded and retried like any other answer.
      redirect: "manual",
    });
  } catch (err) {
    return observed({ statusCode: undefined, durationMs: elapsed(started), error: describeFetchError(err, req.timeoutMs), snippet: undefined, retryAfter: undefined });
  }
  // The status arrived in time; the snippet is best effort within the same deadline.
  const snippet = await readSnippet(res);
  const error = res.status >= 200 && res.status <= 299 ? undefined : `HTTP ${res.status}`;
  return observed({ statusCode: res.status, durationMs: elapsed(started), error, snippet, retryAfter: res.headers.get("retry-after") ?? undefined });
}

/** The attempt over node:http(s), connected to `pinned` only. */
function postPinned(req: { url: string; headers: WebhookHeaders & { traceparent?: string }; body: string; timeoutMs: number; pinned: PinnedAddress }): Promise<AttemptResult> {
  const started = performance.now();
  const url = new URL(req.url);
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: req.pinned.address, family: req.pinned.family }]);
    else cb(null, req.pinned.address, req.pinned.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    /** Set once the status arrived: the deadline then ends the body, not the answer. */
    let finishResponse: (() => void) | undefined;
    const done = (r: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed(started) });
    };
    const failed = (err: unknown) => done({ statusCode: undefined, error: describeFetchError(err, req.timeoutMs), snippet: undefined, retryAfter: undefined });
    const r = send(
      url,
      {
        method: "POST",
        lookup,
        headers: { ...req.headers, "content-type": "application/json", "user-agent": USER_AGENT, "content-length": Buffer.byteLength(req.body) },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          if (settled) return;
          res.destroy();
          const code = res.statusCode ?? 0;
          const bytes = Buffer.concat(chunks);
          const retryAfter = res.headers["retry-after"];
          done({
            statusCode: code,
            error: code >= 200 && code <= 299 ? undefined : `HTTP ${code}`,
            snippet: size === 0 ? "" : snippetText(bytes),
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          });
        };
        finishResponse = finish;
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size >= SNIPPET_BYTES) finish();
        });
        res.on("end", finish);
        // The status arrived in time; a body cut short keeps what arrived.
        res.on("error", finish);
        res.on("close", finish);
      },
    );
    const timer = setTimeout(() => {
      if (finishResponse) finishResponse();
      else failed(Object.assign(new Error("timeout"), { name: "TimeoutError" }));
      r.destroy();
    }, req.timeoutMs);
    r.on("error", failed);
    r.end(req.body);
  });
}

async function readSnippet(res: Response): Promise<string | undefined> {
  if (!res.body) return undefined;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < SNIPPET_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // Timed out or reset while reading the body: keep what arrived.
  } finally {
    reader.cancel().catch(() => {});
  }
  if (size === 0) return "";
  return snippetText(Buffer.concat(chunks));
}

/** The first SNIPPET_BYTES of a response body as text: invalid UTF-8 replaced, NUL removed. */
function snippetText(bytes: Buffer): string {
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, SNIPPET_BYTES)).replaceAll("\u0000", "");
}

function describeFetchError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `timeout: no response within ${timeoutMs} ms`;
  switch (e?.code) {
    case "ECONNREFUSED":
    case "ConnectionRefused":
      return "connection refused";
    case "ENOTFOUND":
      return "DNS lookup failed";
    case "ECONNRESET":
    case "ConnectionClosed":
      return "connection reset";
  }
  const message = String(e?.message ?? err).slice(0, 500);
  return e?.code ? `${e.code}: ${message}` : message;
}

function elapsed(started: number): number {
  return Math.max(0, Math.round(performance.now() - started));
}
