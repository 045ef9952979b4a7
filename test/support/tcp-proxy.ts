/**
 * A TCP proxy in front of a node's RPC port, for tests of "that chain's RPC stopped": `stop()` closes
 * the listener and every connection through it (the next request is refused at once, as when a node
 * goes down), `start()` listens again on the same port.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const s = server;
      server = undefined;
      for (const sock of sockets) sock.destroy();
      sockets.clear();
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
