/**
 * Behind a proxy: the client's address is read from X-Forwarded-For only when the connection comes
 * from a proxy the operator trusts (TRUSTED_PROXIES), so the dashboard's sign-in throttle counts per
 * real client (twenty wrong passwords from one client lock out that client, not every user) and per
 * account; HSTS on a service reached over https.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { serveApi } from "../src/api/server.ts";
import { ConfigError, loadConfig } from "../src/config.ts";
import { connect } from "node:net";
import type { AppContext } from "../src/context.ts";
import { clientAddress, recordClientAddress, resolveClientAddress } from "../src/http/client-address.ts";
import { publicRateLimited } from "../src/http/rate-limit.ts";
import { parseAddressRanges } from "../src/lib/addresses.ts";
import { DashboardClient, dashboardUser } from "./support/dashboard-client.ts";
import { startTestService, type TestService } from "./support/service.ts";

/** A browser behind the operator's proxy: every request reaches the service from the proxy (127.0.0.1), naming the browser's address. */
class ProxiedClient extends DashboardClient {
  constructor(base: string, readonly forwardedFor: string) {
    super(base);
  }
  override req(path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    return super.req(path, { ...init, headers: { ...init.headers, "x-forwarded-for": this.forwardedFor } });
  }
}

describe("the client's address", () => {
  const trusted = parseAddressRanges("10.0.0.0/8, 127.0.0.1, fd00::/8");
  test("from a trusted proxy, the nearest untrusted hop of X-Forwarded-For; from anyone else, the peer", () => {
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", trusted)).toBe("203.0.113.7");
    // A client that sends its own X-Forwarded-For cannot choose its address: the proxy appended the real one.
    expect(resolveClientAddress("127.0.0.1", "1.2.3.4, 203.0.113.7", trusted)).toBe("203.0.113.7");
    // Through two trusted proxies.
    expect(resolveClientAddress("10.0.0.2", "203.0.113.7, 10.0.0.9", trusted)).toBe("203.0.113.7");
    expect(resolveClientAddress("::ffff:10.0.0.2", "2001:db8::5", trusted)).toBe("2001:db8::5");
    expect(resolveClientAddress("fd12::1", "198.51.100.1", trusted)).toBe("198.51.100.1");
    // An untrusted peer's header is ignored.
    expect(resolveClientAddress("198.51.100.3", "203.0.113.7", trusted)).toBe("198.51.100.3");
    expect(resolveClientAddress("127.0.0.1", "203.0.113.7", undefined)).toBe("127.0.0.1");
    expect(resolveClientAddress("127.0.0.1", null, trusted)).toBe("127.0.0.1");
    // Every hop trusted: the farthest one.
    expect(resolveClientAddress("127.0.0.1", "10.1.1.1", trusted)).toBe("10.1.1.1");
  });

  test("a client that hangs up before its address is first asked for counts as one address, `disconnected`, which the limits count like any other", async () => {
    const silent = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false, child: () => silent };
    let began!: () => void;
    const handling = new Promise<void>((resolve) => (began = resolve));
    const asked: string[] = [];
    // The handler asks for the address only once its client has gone (the request's signal aborts).
    const app = {
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname === "/now") return new Response(clientAddress(request));
        began();
        await new Promise((resolve) => request.signal.addEventListener("abort", resolve));
        asked.push(clientAddress(request));
        return new Response("too late");
      },
    };
    const server = serveApi(app, { hostname: "127.0.0.1", port: 0, log: silent });
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/now`)).text()).toBe("127.0.0.1");
      const socket = connect(server.port!, "127.0.0.1");
      socket.write("GET /slow HTTP/1.1\r\nHost: stablepay\r\n\r\n");
      await handling;
      socket.destroy();
      const deadline = Date.now() + 5_000;
      while (asked.length === 0 && Date.now() < deadline) await Bun.sleep(10);
      // Not "unknown", which only requests handled without a server have and which no limit counts.
      expect(asked).toEqual(["disconnected"]);
    } finally {
      await server.stop(true);
    }
    // The public pages' limit (2 a second here, a burst of twice that) counts those requests as one client.
    const ctx = { config: { clientRateLimits: { publicPerSecond: 2, authFailuresPerSecond: 0 } } } as unknown as AppContext;
    const gone = () => recordClientAddress(new Request("http://stablepay/pay/pi_x"), () => "disconnected");
    const waits = Array.from({ length: 5 }, () => publicRateLimited(ctx, gone()));
    expect(waits.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    expect(waits[4]).toBeDefined();
  });

  test("TRUSTED_PROXIES: addresses and CIDR ranges; a bad entry stops the start naming the variable", () => {
    expect(loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7, fd00::/8" }).trustedProxies?.list).toEqual(["10.0.0.0/8", "192.168.1.7/32", "fd00::/8"]);
    expect(loadConfig({}).trustedProxies).toBeUndefined();
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/2", "::1/129"]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES must be a comma list of IP addresses or CIDR ranges/);
    }
  });
});

test("HSTS on a service reached over https, not on http", async () => {
  const silent = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false, child: () => silent };
  const app = { fetch: () => new Response("ok") };
  const https = serveApi(app, { hostname: "127.0.0.1", port: 0, log: silent, hsts: true });
  const plain = serveApi(app, { hostname: "127.0.0.1", port: 0, log: silent });
  try {
    expect((await fetch(`http://127.0.0.1:${https.port}/`)).headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await fetch(`http://127.0.0.1:${plain.port}/`)).headers.get("strict-transport-security")).toBeNull();
  } finally {
    await Promise.all([https.stop(true), plain.stop(true)]);
  }
});

describe("sign-ins through a trusted proxy", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ roles: ["api"], env: { TRUSTED_PROXIES: "127.0.0.1/32, ::1/128" } });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
  });

  test("throttled per real client: twenty wrong passwords from one client lock out that client only", async () => {
    const { email, password } = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
    const attacker = new ProxiedClient(svc.apiUrl, "203.0.113.7");
    for (let i = 0; i < 20; i++) expect((await attacker.signIn(`guess${i}@example.com`, "wrong password 123")).status).toBe(401);
    const blocked = await attacker.signIn(email, password);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts");
    // The attacker cannot pick another address by sending the header itself: the proxy appends the real one.
    const spoofing = new ProxiedClient(svc.apiUrl, "198.51.100.50, 203.0.113.7");
    expect((await spoofing.signIn(email, password)).status).toBe(429);
    // Everyone else, through the same proxy, still signs in.
    const user = new ProxiedClient(svc.apiUrl, "198.51.100.9");
    expect((await user.signIn(email, password)).status).toBe(303);
    expect(user.jar.has("sp_session")).toBe(true);
  }, 60_000);

  test("and per account: five wrong passwords for one user, from five clients, hold that user's sign-in, not the others'", async () => {
    const target = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
    const other = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
    for (let i = 0; i < 5; i++) expect((await new ProxiedClient(svc.apiUrl, `192.0.2.${10 + i}`).signIn(target.email, "wrong password 123")).status).toBe(401);
    expect((await new ProxiedClient(svc.apiUrl, "192.0.2.99").signIn(target.email, target.password)).status).toBe(429);
    expect((await new ProxiedClient(svc.apiUrl, "192.0.2.99").signIn(other.email, other.password)).status).toBe(303);
  }, 60_000);
});
