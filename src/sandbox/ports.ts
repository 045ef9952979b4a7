import { createServer } from "node:net";

/** A TCP port free on loopback right now (it can be taken before use; callers retry). */
export function freePort(): Promise<number> {
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
