import { createServer } from "node:net";
import { readFileSync } from "node:fs";

/**
 * The kernel's range for the local ports of outgoing connections (Linux's default 32768-60999). A
 * port it hands out for `listen(0)` comes from there, and any process's next outgoing connection
 * (to Postgres, to anvil) may take it before our server binds it: "port in use" at a service's start.
 */
function ephemeralRange(): [number, number] | undefined {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    return low && high ? [low, high] : undefined;
  } catch {
    return undefined;
  }
}

/** Ports below the ephemeral range we draw from: from FIRST_DRAWN up to the range's start. */
const FIRST_DRAWN = 10_000;
/** Ports this process handed out: never twice, so two calls in a row cannot collide before either binds. */
const handedOut = new Set<number>();

/**
 * A TCP port free on loopback right now. Drawn at random below the ephemeral range, where no outgoing
 * connection takes ports, and checked by binding it: only another program listening can take it
 * before use (callers retry). Where the range is unknown or leaves no room, the kernel chooses.
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange();
  if (range && range[0] - FIRST_DRAWN >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = FIRST_DRAWN + Math.floor(Math.random() * (range[0] - FIRST_DRAWN));
      if (handedOut.has(port)) continue;
      if (await portFree(port)) {
        handedOut.add(port);
        return port;
      }
    }
  }
  return kernelPort();
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Waits until a fixed port is free: after a crash (kill -9) the previous run's children may hold
 * their ports for a moment while they notice and exit. Throws a clear error if it stays taken.
 */
export async function waitForFreePort(port: number, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await portFree(port))) {
    if (Date.now() > deadline) throw new Error(`${what}: port ${port} is in use by another program; stop it or choose another port`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
