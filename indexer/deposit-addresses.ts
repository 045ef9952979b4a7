/**
 * The deposit addresses the service has handed out (app.deposit_addresses), kept in memory for the
 * Transfer handler: a transfer to one of them is kept like a transfer to a merchant account. Why the
 * indexer reads this one table of the service's (read only), and why no transfer is missed:
 * indexer/README.md "Deposit addresses".
 *
 * A deposit address has no code and no on-chain announcement until it is swept (it is a CREATE2
 * address computed off-chain), so nothing on the chain tells Ponder about it. The service writes
 * its row before it shows the address to anyone, so a transfer to it is in a block produced after
 * the row was committed. Hence the rule: the set read at time t holds every address a transfer in
 * a block that existed at t can be paid to. A block is covered by a read when it existed before the
 * read: deep below the head asked just before the read (a whole backfill: one read), or the very
 * block (by hash) a read was made for (realtime: one read per block; a reorg's new block at the
 * same height is read for again). A transfer in a covered block to an address not in the set is a
 * stranger's, and costs one lookup in memory.
 *
 * What was added since is read by the inserting transactions' ids: every row the previous read
 * could not see belongs to a transaction whose id is at least that read's snapshot xmin, so a row
 * committed late is read the next time, never skipped.
 *
 * Not under indexer/src on purpose: Ponder would load every file there as an indexing file.
 */

type Sql = InstanceType<typeof Bun.SQL>;

export class DepositAddresses {
  private readonly known = new Set<string>();
  /** Per chain id: the head asked before a read; blocks RECENT_BLOCKS below it are covered. */
  private readonly head = new Map<number, bigint>();
  /** Per chain id: when its head was last asked (ms). */
  private readonly headAskedAt = new Map<number, number>();
  /** Recent blocks (by hash) that existed before a read: covered, even if a reorg put them at a covered height. */
  private readonly readAfter = new Set<string>();
  private readonly readAfterOrder: string[] = [];
  /** The xmin of the last read's snapshot (xid8 as text); "0": nothing read yet. */
  private since = "0";
  /** The reads, one after the other: a read queued after a block was seen started after it existed. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    /** The chain's latest block number (any node's answer will do; an error: the block at hand). */
    private readonly headOf: (chainId: number) => Promise<bigint>,
  ) {}

  /** Whether `address` (lowercase) is a deposit address, for a transfer in block `block` (`hash`) of `chainId`. */
  async has(chainId: number, block: bigint, hash: string, address: string): Promise<boolean> {
    if (this.known.has(address)) return true;
    if (this.covered(chainId, block, hash)) return false;
    // A block a read has not covered: read what was added since (once per such block). The chain's
    // head is asked first, outside the queue (a chain whose RPC is slow holds no other back), and
    // only when it can cover more than this block: in realtime each block is covered by its hash.
    const head = await this.askHead(chainId, block);
    const read = this.queue.then(() => this.readRows());
    this.queue = read.catch(() => undefined);
    await read;
    if (head !== undefined && head > (this.head.get(chainId) ?? -1n)) this.head.set(chainId, head);
    this.remember(hash);
    return this.known.has(address);
  }

  /** How many addresses are known (tests). */
  get size(): number {
    return this.known.size;
  }

  /**
   * Deep below the head asked before the last read: the block existed then (no reorg reaches that
   * deep: Ponder's own finality is shallower). Nearer the head, only the very block (its hash) a read
   * was made for: a reorg may put a block made later at a covered height.
   */
  private covered(chainId: number, block: bigint, hash: string): boolean {
    const head = this.head.get(chainId);
    if (head !== undefined && block + RECENT_BLOCKS <= head) return true;
    return this.readAfter.has(hash);
  }

  private remember(hash: string) {
    if (this.readAfter.has(hash)) return;
    this.readAfter.add(hash);
    this.readAfterOrder.push(hash);
    if (this.readAfterOrder.length <= 4 * Number(RECENT_BLOCKS)) return;
    const oldest = this.readAfterOrder.shift();
    if (oldest !== undefined) this.readAfter.delete(oldest);
  }

  /**
   * The chain's head, asked before the rows are read (every block at or below it existed then), when
   * it was not asked in the last HEAD_EVERY_MS (a backfill: the first read covers all but its last
   * blocks); undefined otherwise, or when the RPC does not answer (the block's hash covers it).
   */
  private async askHead(chainId: number, block: bigint): Promise<bigint | undefined> {
    const now = Date.now();
    const known = this.head.get(chainId);
    if (known !== undefined && block <= known + RECENT_BLOCKS && now - (this.headAskedAt.get(chainId) ?? 0) < HEAD_EVERY_MS) return undefined;
    this.headAskedAt.set(chainId, now);
    return this.headOf(chainId).catch(() => undefined);
  }

  private async readRows(): Promise<void> {
    // The xmin first: every transaction below it has ended, so the rows read next (a later snapshot)
    // include all of theirs, and the next read starts there. A database without the service's
    // tables (an indexer run on its own) has no deposit address.
    const [mark] = (await this.sql`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, to_regclass('app.deposit_addresses') IS NOT NULL AS present`) as { xmin: string; present: boolean }[];
    if (!mark) throw new Error("deposit addresses: the read returned no row");
    if (mark.present) {
      const rows = (await this.sql`SELECT address FROM app.deposit_addresses WHERE xid >= ${this.since}::xid8`) as { address: string }[];
      for (const r of rows) this.known.add(r.address.toLowerCase());
    }
    this.since = mark.xmin;
  }
}

/** Blocks this far below the head asked before a read are covered by it whatever their hash (deeper than Ponder's reorg window). */
const RECENT_BLOCKS = 64n;
/** The head is asked at most this often per chain while blocks come near it (realtime). */
const HEAD_EVERY_MS = 10_000;

/** `eth_blockNumber` of an HTTP RPC. */
export async function rpcHead(url: string): Promise<bigint> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    signal: AbortSignal.timeout(2_000),
  });
  const body = (await res.json()) as { result?: string };
  if (typeof body.result !== "string") throw new Error("eth_blockNumber: no result");
  return BigInt(body.result);
}
