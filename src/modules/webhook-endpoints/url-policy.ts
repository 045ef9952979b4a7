/**
 * Which URLs a webhook endpoint may have (SSRF): sandbox endpoints may use http or https
 * and any host (local development); live endpoints must use https and their host must not be, or
 * resolve to, a loopback, private, link-local, cloud-metadata or otherwise non-public address.
 * Checked at registration/update and again before every live delivery (dispatcher), so a name that
 * later resolves elsewhere (DNS rebinding) is refused then.
 *
 * In production mode (STABLEPAY_ENV=production) test endpoints follow the same address rules: a test
 * key must not make the service reach an internal address. WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS=true
 * lifts that for operators whose integrators test against private networks (config.webhookTestAnyAddress).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Mode } from "../../db/schema/core.ts";

export const URL_MAX_LENGTH = 2048;

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type UrlVerdict = { ok: true; url: string } | { ok: false; message: string };

/** Which rules an endpoint's URL follows: its mode, and whether test endpoints may reach any address (config.webhookTestAnyAddress). */
export interface UrlRule {
  mode: Mode;
  testAnyAddress: boolean;
}

/** Whether an endpoint of this mode may reach any address (no address rules, its answer readable back). */
export function anyAddressAllowed(rule: UrlRule): boolean {
  return rule.mode === "test" && rule.testAnyAddress;
}

export async function checkEndpointUrl(raw: string, rule: UrlRule, resolve: Resolver = systemResolver): Promise<UrlVerdict> {
  const { mode } = rule;
  if (raw.length > URL_MAX_LENGTH) return { ok: false, message: `url is longer than ${URL_MAX_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: "url is not an absolute URL such as https://example.com/webhooks." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: "url must use https (or http in the sandbox)." };
  if (url.username || url.password) return { ok: false, message: "url must not contain credentials (user:password@)." };
  if (anyAddressAllowed(rule)) return { ok: true, url: url.toString() };
  // Test endpoints under the address rules may still use http (a staging receiver); live ones may not.
  if (mode === "live" && url.protocol !== "https:") return { ok: false, message: "Live webhook endpoints must use https." };
  const who = mode === "live" ? "Live webhook endpoints" : "Test webhook endpoints (production mode; the operator may allow private networks with WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS)";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, message: `The host '${host}' could not be resolved.` };
    }
    if (addresses.length === 0) return { ok: false, message: `The host '${host}' could not be resolved.` };
  }
  for (const a of addresses) {
    const kind = blockedKind(a);
    if (kind) return { ok: false, message: isIP(host) ? `${who} must not point at ${a}: it is ${kind} address.` : `${who} must not point at ${a} ('${host}' resolves to it): it is ${kind} address.` };
  }
  return { ok: true, url: url.toString() };
}

/** "a loopback" / "a private" / … for an address no live webhook may reach; undefined for a public one. */
export function blockedKind(address: string): string | undefined {
  if (isIP(address) === 4) return blockedV4(address);
  if (isIP(address) === 6) return blockedV6(address.toLowerCase());
  return "an unrecognized";
}

function v4(address: string): number {
  return address.split(".").reduce((n, o) => n * 256 + Number(o), 0);
}
function inV4(a: number, cidr: string): boolean {
  const [base, bits] = cidr.split("/") as [string, string];
  const size = 2 ** (32 - Number(bits));
  const start = v4(base);
  return a >= start && a < start + size;
}

function blockedV4(address: string): string | undefined {
  const a = v4(address);
  if (address === "169.254.169.254" || address === "100.100.100.200") return "a cloud metadata";
  if (inV4(a, "127.0.0.0/8")) return "a loopback";
  if (inV4(a, "169.254.0.0/16")) return "a link-local";
  for (const c of ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "198.18.0.0/15"]) if (inV4(a, c)) return "a private";
  for (const c of ["0.0.0.0/8", "192.0.0.0/24", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"]) if (inV4(a, c)) return "a reserved (non-public)";
  return undefined;
}

function blockedV6(a: string): string | undefined {
  if (a === "::1") return "a loopback";
  if (a === "::") return "a reserved (non-public)";
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped?.[1]) return blockedV4(mapped[1]);
  if (a.startsWith("::ffff:")) return "a reserved (non-public)";
  if (a === "fd00:ec2::254") return "a cloud metadata";
  const first = parseInt(a.split(":")[0] || "0", 16);
  if ((first & 0xfe00) === 0xfc00) return "a private";
  if ((first & 0xffc0) === 0xfe80) return "a link-local";
  if ((first & 0xff00) === 0xff00) return "a reserved (non-public)";
  return undefined;
}
