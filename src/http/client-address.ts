/**
 * The network address a request came from, as the server saw it (src/api/server.ts records it);
 * "unknown" for requests handled without a server (tests calling app.handle). Used to throttle
 * sign-ins per client address.
 */
const addresses = new WeakMap<Request, string>();

export function recordClientAddress(request: Request, address: string | undefined): Request {
  if (address) addresses.set(request, address);
  return request;
}

export function clientAddress(request: Request): string {
  return addresses.get(request) ?? "unknown";
}
