/**
 * Exactly once under crashes: the matcher runs in child processes (src/workers/run-role.ts), two at
 * a time (one holds the chain's lock, the other stands by), and is killed with SIGKILL at random
 * moments while payments keep arriving and a backlog is being worked off. At the end every transfer
 * is exactly one transaction, every intent is confirmed by its own payment, and every outbox event
 * exists exactly once.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import type { Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { createIntent, payer, sleep, waitFor, type CreatedIntent } from "./support/payments.ts";

let svc: TestService;
const children = new Set<Subprocess>();

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer"] });
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await Promise.all([...children].map((c) => c.exited));
  await svc?.stop();
});

/** Starts `bun src/workers/run-role.ts matcher`; resolves once it printed "ready". */
async function spawnMatcher(): Promise<Subprocess<"ignore", "pipe", "inherit">> {
  const child = Bun.spawn([process.execPath, "src/workers/run-role.ts", "matcher"], {
    cwd: `${import.meta.dir}/..`,
    env: workerChildEnv(svc),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
  });
  children.add(child);
  void child.exited.then(() => children.delete(child));
  const reader = child.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 30_000;
  while (!out.includes("ready")) {
    if (Date.now() > deadline) throw new Error("matcher child did not start");
    const { value, done } = await reader.read();
    if (done) throw new Error(`matcher child exited before ready (code ${await child.exited})`);
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return child;
}

async function kill9(child: Subprocess) {
  child.kill("SIGKILL");
  await child.exited;
}

test("kill -9 at random points, two matchers at once: no transfer lost or doubled", async () => {
  const wallet = payer(svc);
  const merchant = svc.sandbox.payment_address as Address;
  const intents: CreatedIntent[] = [];
  const hashes: string[] = [];
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };

  const sql = svc.ctx.database.sql;
  const recorded = async () => {
    const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions`;
    return r!.n;
  };
  const payIntent = async (amount: number, tag: Record<string, string>) => {
    const intent = await createIntent(svc, { amount, metadata: tag });
    intents.push(intent);
    hashes.push((await wallet.pay(intent.paymentAddress, intent.expectedUnits)).hash.toLowerCase());
  };

  let running = [await spawnMatcher(), await spawnMatcher()];
  let kills = 0;
  /** Kills observed with part of a backlog recorded: the matcher died in the middle of its work. */
  let midWork = 0;
  const deltas: number[] = [];
  const ROUNDS = 8;
  for (let round = 0; round < ROUNDS; round++) {
    // Payments while matchers run (several intents of the same amount, so their tags differ) and an
    // unmatched transfer.
    for (let i = 0; i < 3; i++) await payIntent(1 + (i % 2), { round: String(round), i: String(i) });
    hashes.push((await wallet.pay(merchant, 990_000n + BigInt(round))).hash.toLowerCase());
    // Kill one at a random moment.
    await sleep(Math.floor(random() * 40));
    const victim = running[Math.floor(random() * running.length)]!;
    await kill9(victim);
    kills++;
    running = running.filter((c) => c !== victim);
    // Then the other: a backlog builds up while no matcher runs.
    for (const c of running) await kill9(c);
    kills += running.length;
    running = [];
    for (let i = 0; i < 10; i++) await payIntent(3, { round: String(round), backlog: String(i) });
    hashes.push((await wallet.pay(merchant, 1_990_000n + BigInt(round))).hash.toLowerCase());
    // Restart both, and kill them again while they work the backlog off.
    const before = await recorded();
    const pending = hashes.length - before;
    running = await Promise.all([spawnMatcher(), spawnMatcher()]);
    await sleep(Math.floor(random() * 25));
    await Promise.all(running.map(kill9));
    kills += 2;
    const after = await recorded();
    deltas.push(after - before);
    if (after > before && after - before < pending) midWork++;
    running = [await spawnMatcher(), await spawnMatcher()];
  }
  console.log(`matcher-crash: ${kills} kills, ${midWork} in the middle of a backlog (recorded before the kill: ${deltas.join(",")}), ${hashes.length} transfers`);
  expect(kills).toBeGreaterThanOrEqual(ROUNDS);

  // Everything recorded, once.
  await waitFor(
    "every transfer recorded",
    async () => {
      const [r] = await sql<{ n: number }[]>`SELECT count(DISTINCT tx_hash)::int AS n FROM app.transactions WHERE tx_hash IN ${sql(hashes)}`;
      return r!.n === hashes.length;
    },
    60_000,
  );
  for (const c of running) await kill9(c);

  const perHash = await sql<{ tx_hash: string; n: number }[]>`
    SELECT tx_hash, count(*)::int AS n FROM app.transactions WHERE tx_hash IN ${sql(hashes)} GROUP BY tx_hash`;
  expect(perHash).toHaveLength(hashes.length);
  expect(perHash.filter((r) => r.n !== 1)).toEqual([]);

  const states = await sql<{ id: string; status: string; tx_hash: string | null; expected_units: bigint; amount_units: bigint }[]>`
    SELECT p.id, p.status, p.tx_hash, p.expected_units, t.amount_units
    FROM app.payment_intents p LEFT JOIN app.transactions t ON t.id = p.transaction_id
    WHERE p.id IN ${sql(intents.map((i) => i.id))}`;
  expect(states).toHaveLength(intents.length);
  for (const s of states) {
    expect(s.status).toBe("confirmed");
    expect(s.amount_units).toBe(s.expected_units);
  }
  const [ev] = await sql<{ created: number; created_distinct: number; confirmed: number; confirmed_distinct: number; txns: number }[]>`
    SELECT count(*) FILTER (WHERE type = 'transaction.created')::int AS created,
           count(DISTINCT data->>'id') FILTER (WHERE type = 'transaction.created')::int AS created_distinct,
           count(*) FILTER (WHERE type = 'payment_intent.confirmed')::int AS confirmed,
           count(DISTINCT data->>'id') FILTER (WHERE type = 'payment_intent.confirmed')::int AS confirmed_distinct,
           (SELECT count(*)::int FROM app.transactions) AS txns
    FROM app.events`;
  expect(ev!.created).toBe(ev!.txns);
  expect(ev!.created_distinct).toBe(ev!.txns);
  expect(ev!.confirmed).toBe(intents.length);
  expect(ev!.confirmed_distinct).toBe(intents.length);
  const [cursor] = await sql<{ block_number: bigint }[]>`SELECT block_number FROM app.matcher_cursors WHERE chain_id = 31337`;
  const head = await svc.ctx.chains.test!.publicClient.getBlockNumber();
  expect(cursor!.block_number).toBeLessThanOrEqual(head);
}, 180_000);
