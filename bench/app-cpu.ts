/**
 * The CPU one GET /v1/payment-intents/{id} costs the service's own process, with no HTTP socket in
 * the way: the service is started as `npm start` starts it (embedded sandbox, `api` role, rate limits
 * lifted), and the fetch handler it gave Bun.serve (the server around the app: deadline, access line,
 * histograms, then the app) is called directly, `--concurrency` requests at a time, in rounds of
 * `--requests`. The figure is this process's user + system CPU per request (process.cpuUsage).
 *
 * Why: on a shared VM, wrk's throughput moves by a third from one run to the next and the kernel's
 * share of every request (two sockets, a loopback each way) moves with it. Without the HTTP socket
 * the rounds of one process mostly agree within 10-20%, and with the statement answered from memory
 * a few microseconds of our own code show.
 *
 *   bun bench/app-cpu.ts [--db real|memory] [--rounds 8] [--requests 10000] [--concurrency 16]
 *                        [--root <checkout>] [--idle | --parts]
 *
 * --db real (default): the intent's SELECT goes to the sandbox's Postgres (postgres.js included).
 * --db memory: that one statement is answered from memory with the row Postgres returned at the
 *   start (a diagnostic: the CPU of our code and the framework alone; every other statement is real).
 * --root: measure another checkout (e.g. a worktree of an older commit with this node_modules linked
 *   in), so that two builds are compared by the same harness; run them in turns.
 * --idle: instead, the CPU the process spends per second while nothing is asked of it (10 s).
 * --parts: in one process, rounds in turns with the server's own work (deadline, access line, HTTP
 *   histogram: the app's fetch called alone, as a second app on the same context) and the statement
 *   histogram (postgres.js's query left unwrapped) each on and off: what each costs a get, measured
 *   against the same process's other rounds, so the machine's drift touches all four alike.
 */

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const root = opt("root", new URL("..", import.meta.url).pathname.replace(/\/$/, ""));
const answerFromMemory = opt("db", "real") === "memory";
const rounds = Number(opt("rounds", "8"));
const requests = Number(opt("requests", "10000"));
const concurrency = Number(opt("concurrency", "16"));

// --db memory: the get's statement is answered by the Query itself, as the connection would once the
// row arrived (a later microtask); the query's own wrappers (the statement histogram) still run.
// postgres.js's Query class (not among the package's exports: reached by its file, the same module the
// package loads, so the prototype changed here is the one every statement uses).
const { Query } = (await import(new URL("query.js", import.meta.resolve("postgres")).pathname)) as { Query: { prototype: object } };
const GET_STATEMENT = "SELECT * FROM app.payment_intents WHERE id = ";
type QueryLike = { strings: unknown; executed: boolean; resolve: (rows: unknown) => void };
const proto = Query.prototype as unknown as { handle(this: QueryLike): Promise<void> };
const realHandle = proto.handle;
let remembered: unknown;
let fromMemory = false;
const interceptor = function (this: QueryLike) {
  if (fromMemory && !this.executed && Array.isArray(this.strings) && this.strings[0] === GET_STATEMENT) {
    this.executed = true;
    return Promise.resolve().then(() => this.resolve(remembered));
  }
  return realHandle.call(this);
};
proto.handle = interceptor;

// The API server's fetch handler, as the service hands it to Bun.serve.
type ServeOptions = { port?: number; fetch: (request: Request, server: unknown) => Response | Promise<Response> };
const served: ServeOptions[] = [];
const serve = Bun.serve;
(Bun as unknown as { serve: (o: ServeOptions) => unknown }).serve = (o: ServeOptions) => {
  served.push(o);
  return serve(o as Parameters<typeof Bun.serve>[0]);
};

const { benchConfig } = (await import(`${root}/bench/support/bench-config.ts`)) as typeof import("./support/bench-config.ts");
const { startService } = (await import(`${root}/src/service.ts`)) as typeof import("../src/service.ts");
const { config } = await benchConfig("app-cpu", { ROLES: "api", RATE_LIMIT_TEST_PER_SECOND: "1000000", RATE_LIMIT_LIVE_PER_SECOND: "1000000", LOG_LEVEL: "warn" });
const service = await startService(config, { writeInfoFile: false });
try {
  const sandbox = service.sandbox;
  if (!sandbox) throw new Error("the benchmark needs the embedded sandbox (demo merchant and keys)");
  const apiPort = Number(new URL(service.apiUrl).port);
  const api = served.find((o) => o.port === apiPort);
  if (!api) throw new Error("the API server's handler was not seen");

  if (argv.includes("--idle")) {
    await Bun.sleep(3_000);
    const before = process.cpuUsage();
    await Bun.sleep(10_000);
    const used = process.cpuUsage(before);
    console.log(`${root}: idle, ${((used.user + used.system) / 10_000).toFixed(1)} ms of CPU a second`);
  } else {
    const key = sandbox.test_key_scoped;
    const created = await fetch(`${service.apiUrl}/v1/payment-intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: 12.5, currency: "usd", merchant_id: sandbox.merchant_id }),
    });
    const id = ((await created.json()) as { id: string }).id;
    remembered = await service.ctx.database.sql.unsafe(`${GET_STATEMENT}$1`, [id]);
    const url = `${service.apiUrl}/v1/payment-intents/${id}`;
    // A valid key never asks for the peer's address; this answers if something does.
    const server = { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 1 }), upgrade: () => false, timeout: () => {} };
    let failed = 0;
    const get = async () => {
      const response = await api.fetch(new Request(url, { headers: { authorization: `Bearer ${key}`, host: "127.0.0.1" } }), server);
      const body = await response.text();
      if (response.status !== 200) failed++;
      return body;
    };
    const real = await get();
    fromMemory = answerFromMemory;
    if ((await get()) !== real) throw new Error("the answer from memory differs from the real one");
    const round = async (n: number) => {
      let left = n;
      const before = process.cpuUsage();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await get();
      }));
      const used = process.cpuUsage(before);
      return (used.user + used.system) / n;
    };
    for (let i = 0; i < 3; i++) await round(requests); // warm-up: the JIT's tiers
    if (argv.includes("--parts")) {
      // Each setting's rounds next to the others', in turns.
      const { buildApp } = (await import(`${root}/src/api/app.ts`)) as typeof import("../src/api/app.ts");
      const app = buildApp(service.ctx);
      const wrapped = proto.handle; // the statement histogram's wrapper, around the interceptor
      const full = api.fetch;
      const settings = [
        { name: "everything on", fetch: full, handle: wrapped },
        { name: "no server work (the app's fetch alone)", fetch: (r: Request) => app.fetch(r), handle: wrapped },
        { name: "no statement histogram", fetch: full, handle: interceptor },
        { name: "neither", fetch: (r: Request) => app.fetch(r), handle: interceptor },
      ];
      const figures = settings.map(() => [] as number[]);
      for (let i = 0; i < rounds * settings.length; i++) {
        // Each cycle in another order, so that no setting always follows the same one (a round can
        // inherit the garbage of the round before it).
        const cycle = Math.floor(i / settings.length);
        const k = (i + cycle) % settings.length;
        api.fetch = settings[k]!.fetch;
        proto.handle = settings[k]!.handle;
        figures[k]!.push(await round(requests));
      }
      api.fetch = full;
      proto.handle = wrapped;
      const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
      const base = median(figures[0]!);
      for (const [k, s] of settings.entries())
        console.log(`${s.name.padEnd(40)} median ${median(figures[k]!).toFixed(1).padStart(6)} µs per get (${(median(figures[k]!) - base).toFixed(1)} against everything on; rounds: ${figures[k]!.map((f) => f.toFixed(1)).join(" ")})`);
    } else {
      const figures: number[] = [];
      for (let i = 0; i < rounds; i++) figures.push(await round(requests));
      const sorted = [...figures].sort((a, b) => a - b);
      console.log(
        `${root}: GET intent, statement ${answerFromMemory ? "from memory" : "from Postgres"}, ${concurrency} at a time: ` +
          `median ${sorted[sorted.length >> 1]!.toFixed(1)} µs of CPU per request (rounds: ${figures.map((f) => f.toFixed(1)).join(" ")})`,
      );
    }
    if (failed) console.log(`${failed} answers were not 200`);
  }
} finally {
  await service.stop();
}
process.exit(0);
