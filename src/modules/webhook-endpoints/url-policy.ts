/**
 * Which URLs a webhook endpoint may have (SSRF): sandbox endpoints may use http or https
 * and any host (local development); live endpoints must use https and their host must not be, or
 * resolve to, a loopback, private, link-local, cloud-metadata or otherwise non-public address.
 * Checked at registration/update and again before every live delivery (dispatcher), so a name that
 * later resolves elsewhere (DNS rebinding) is refused then; the delivery connects to the address
 * that check approved (no second lookup between the check and the connection).
 *
 * In production mode (STABLEPAY_ENV=production) test endpoints follow the same address rules: a test
 * key must not make the service reach an internal address. WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS=true
 * lifts that for operators whose integrators test against private networks (config.webhookTestAnyAddress).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { Mode } from "../../db/schema/core.ts";

export const URL_MAX_LENGTH = 2048;

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * `address`: the address the check approved (the first the name resolved to), for the request to
 * connect to it and nothing else: a second lookup at connect time could answer another address (DNS
 * rebinding). Absent when no address rule applies (the sandbox's test endpoints).
 */
export type UrlVerdict = { ok: true; url: string; address?: PinnedAddress } | { ok: false; message: string };

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

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
  return { ok: true, url: url.toString(), address: { address: addresses[0]!, family: isIP(addresses[0]!) === 6 ? 6 : 4 } };
}

/** Addresses of cloud metadata services (AWS/GCP/Azure/OpenStack, Alibaba, AWS over IPv6). */
const METADATA = new Set(["169.254.169.254", "100.100.100.200", "fd00:ec2::254"]);

/**
 * "a loopback" / "a private" / … for an address no live webhook may reach; undefined for a public
 * one. The ranges are ipaddr.js's (a maintained table of the IANA special-purpose registries). An
 * IPv6 address that carries an IPv4 address it reaches (IPv4-mapped, IPv4-translated, the NAT64
 * well-known prefix, 6to4) is judged as that IPv4 address: 64:ff9b::7f00:1 is 127.0.0.1 behind a
 * NAT64 gateway. Teredo and local-use NAT64 prefixes, whose IPv4 side cannot be read off the
 * address, are refused.
 */
export function blockedKind(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "an unrecognized";
  const ip = ipaddr.parse(address);
  if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString())) return "a cloud metadata";
  if (ip.kind() === "ipv6") {
    const v4 = embeddedIPv4(ip as ipaddr.IPv6);
    if (v4 === null) return "a reserved (non-public)";
    if (v4 !== undefined) return blockedKind(v4.toString());
  }
  switch (ip.range()) {
    case "unicast":
      return undefined;
    case "loopback":
      return "a loopback";
    case "private":
    case "uniqueLocal":
    case "carrierGradeNat":
      return "a private";
    case "linkLocal":
      return "a link-local";
    default:
      return "a reserved (non-public)";
  }
}

/** The IPv4 address an IPv6 transition address reaches; null when it has one that cannot be read; undefined for a plain IPv6 address. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = ip.parts;
  const last32 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  // The local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215): a private translator, wherever it puts the IPv4 address.
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return null;
  switch (ip.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return last32();
    case "rfc6052": // 64:ff9b::/96 carries it in its last 32 bits; the local-use 64:ff9b:1::/48 does not say where
      return p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0) ? last32() : null;
    case "6to4": // 2002:AABB:CCDD::/48
      return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
    case "teredo":
      return null;
    default:
      return undefined;
  }
}
