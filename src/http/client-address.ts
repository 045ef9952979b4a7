/**
 * The network address a request came from (src/api/server.ts records how to find it); "unknown" for
 * requests handled without a server (tests calling app.handle). Used to throttle sign-ins, failed
 * keys and public pages per client address.
 *
 * Found on first use, not for every request: the peer's address is a system call (getpeername), and
 * most requests (an API call with a valid key) never ask for it.
 *
 * Behind a proxy every connection comes from the proxy: the client's address is then read from
 * `X-Forwarded-For`, but only when the connection comes from a proxy the operator trusts
 * (TRUSTED_PROXIES). The header is read from the right (each proxy appends the address it saw):
 * the first address that is not a trusted proxy is the client. Anyone can send the header, so
 * from an untrusted peer it is ignored and the peer's own address counts.
 */
import { plainAddress, type AddressRanges } from "../lib/addresses.ts";

/**
 * Kept on the request itself, under a symbol only this module holds (it never shows in the request's
 * keys or its JSON): a WeakMap entry for every request cost more (bench/README.md, "The create's
 * foreign keys, the client address and the request deadlines").
 */
const ADDRESS = Symbol("client address");
type Addressed = Request & { [ADDRESS]?: string | (() => string) };

/** `find` runs at most once, on the first clientAddress(request), while the request is in flight. */
export function recordClientAddress(request: Request, find: () => string): Request {
  (request as Addressed)[ADDRESS] = find;
  return request;
}

export function clientAddress(request: Request): string {
  const r = request as Addressed;
  const known = r[ADDRESS];
  if (typeof known !== "function") return known ?? "unknown";
  const address = known();
  r[ADDRESS] = address;
  return address;
}

/** The client's address: the peer's, or, from a trusted proxy, the nearest untrusted hop of X-Forwarded-For. */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | null, trusted: AddressRanges | undefined): string | undefined {
  if (peer === undefined) return undefined;
  let address = plainAddress(peer);
  if (!trusted || !forwardedFor) return address;
  const hops = forwardedFor.split(",").map((s) => plainAddress(s)).filter(Boolean);
  while (trusted.has(address) && hops.length) address = hops.pop()!;
  return address;
}
