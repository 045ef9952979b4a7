// Starts anvil: the sandbox chain of the embedded default (fixed port, state kept on disk) and the
// throwaway chains of the tests (free port). Guarantees the process is stopped afterwards.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { open, readFile, rename, stat } from "node:fs/promises";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { freePort, waitForFreePort } from "./ports.ts";
import { PIPE_SUPERVISOR } from "../pipe-supervisor.ts";
import { AutomineNudge } from "./automine-nudge.ts";
import { fileURLToPath } from "node:url";

export type AnvilOptions = {
  /** Seconds between blocks. Omitted: automine, one block per transaction. */
  blockTime?: number;
  chainId?: number;
  /** How long to wait for the node to answer before giving up. */
  startTimeoutMs?: number;
  /** Fixed port (the sandbox); omitted: a free port. */
  port?: number;
  /** Load the chain from this file at start, save it there while running (see below) and on exit. */
  stateFile?: string;
  /**
   * While running, the state is saved (written whole, then fsync and rename) as soon as a block holding
   * transactions is mined, and otherwise every this many seconds (default 5); 0: only on exit. A kill -9
   * loses only what was mined after the last save: empty blocks, and the few hundred milliseconds of a
   * block with transactions still being saved, which `onSaved` lets the service hold back (nothing is
   * confirmed from a block the next start might not find). Each save rewrites the whole file (the chain's
   * blocks included) on the disk Postgres flushes its WAL to (bench/README.md "Where the rest of the tail was").
   */
  stateIntervalSeconds?: number;
  /** Called after each save with the highest block the saved state is known to hold. */
  onSaved?: (block: bigint) => Promise<void> | void;
  /**
   * How the saver learns of new blocks: pushed by anvil (`newHeads`, default on), and polled every
   * `statePollMs` (default 1,000) in case the subscription is down. Set apart only to test each alone.
   */
  stateSubscribe?: boolean;
  statePollMs?: number;
  /** How often the automine nudge looks at the pool (automine-nudge.ts; default 1,000); 0: never (tests of anvil's own mining). */
  automineNudgeMs?: number;
};

export type Anvil = {
  rpcUrl: string;
  port: number;
  /** Stops the node and waits for it to exit. Safe to call twice. */
  stop(): Promise<void>;
  /**
   * Switches from automine (a block per transaction) to a block every `seconds`. The sandbox starts
   * on automine so that its deployments and demo data (a dozen transactions in a row) take a few
   * hundred milliseconds instead of a block each, then ticks like a real chain.
   */
  startIntervalMining(seconds: number): Promise<void>;
  /** The highest block known to be in the state file (the head found at start, then each save's). */
  readonly savedBlock: bigint | undefined;
};

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// node_modules/.bin/anvil is a Node wrapper that spawns the native binary as a child. Running the
// native binary directly saves a Node start and leaves one process to stop; the wrapper is the
// fallback on platforms whose package layout we don't know.
function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const native = `${ROOT}node_modules/@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`;
  return existsSync(native) ? native : `${ROOT}node_modules/.bin/anvil`;
}

// anvil runs under the pipe supervisor (src/pipe-supervisor.ts): it stops when our end of its stdin
// closes, because stop() closed it or because this process died (even by SIGKILL).
// The supervisor runs in its own process group (detached), so signalling -pid reaches it, anvil and
// the watcher together. Only a fallback: the normal way to stop is closing the pipe.
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function rpcCall<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error || body.result === undefined) throw new Error(`anvil ${method}: ${body.error?.message ?? "no result"}`);
  return body.result;
}

const gunzipAsync = promisify(gunzip);

/**
 * Writes `data` to `file` so that a crash at any moment leaves either the old file or the new one, whole.
 * Asynchronous: the saver runs in the process that serves the API, and a synchronous fsync (tens of ms
 * while Postgres flushes its WAL to the same disk) held every request behind it.
 */
async function writeDurably(file: string, data: Uint8Array) {
  const tmp = `${file}.saving`;
  const handle = await open(tmp, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

/**
 * The largest state file keepOriginalGenesis reads (some 150,000 blocks at 1.7 KB each). The genesis
 * matters only while the chain is shorter than the indexer's finality (its final block is then block
 * 0), so a chain with a file this large no longer needs the repair.
 */
const GENESIS_REPAIR_MAX_BYTES = 256 * 1024 * 1024;

/** The parent hash only a genesis block has. */
const GENESIS_PARENT = /"parentHash"\s*:\s*"0x0{64}"/g;

/**
 * anvil writes a state it loaded with a second block 0: the genesis it made at start (that moment's
 * timestamp) beside the one it loaded. Loading such a file, it may keep the new one, so block 1's
 * parent is no longer block 0: an indexer that holds the chain's genesis as its final block (any chain
 * shorter than its finality, which is every young sandbox) sees a reorg below it and stops for good,
 * and the genesis moves forward in time at each restart. The original genesis is the earliest, so the
 * file is put right before anvil reads it: only when it holds more than one genesis (a scan, no parse).
 */
export async function keepOriginalGenesis(file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  // Read whole, a larger file could outgrow a string, and a start must never fail on a repair.
  if ((await stat(file)).size > GENESIS_REPAIR_MAX_BYTES) return false;
  const text = await readFile(file, "utf8").catch(() => "");
  if ((text.match(GENESIS_PARENT)?.length ?? 0) < 2) return false;
  // A bare integer past 2^53 would not survive the parse and the rewrite: then the file is left as it is.
  if (/:\s*-?\d{16,}/.test(text)) return false;
  const state = JSON.parse(text) as { blocks?: { header: { number: string; timestamp: string } }[] };
  const geneses = (state.blocks ?? []).filter((b) => BigInt(b.header.number) === 0n);
  if (geneses.length < 2) return false;
  const original = geneses.reduce((a, b) => (BigInt(b.header.timestamp) < BigInt(a.header.timestamp) ? b : a));
  state.blocks = state.blocks!.filter((b) => BigInt(b.header.number) !== 0n || b === original);
  await writeDurably(file, new TextEncoder().encode(JSON.stringify(state)));
  return true;
}

/**
 * Saves the chain's state while it runs. anvil's own `--state-interval` saves on a timer only, and a
 * kill -9 then lost every block mined since: blocks the indexer had already made final and payments
 * the service had already confirmed, so a restart met a chain behind its own database. Here a block
 * with transactions is saved at once, and the caller learns which block is safe.
 *
 * How a new block is learnt: anvil pushes each one on a WebSocket subscription (`newHeads`), which
 * starts a check at once; a poll every `pollMs` is the safety net for a socket that is down (it
 * reconnects). Polling alone, every 100 ms to save a busy block at once, cost an idle sandbox about
 * 10 ms of CPU a second in this process and 6 in each anvil (bench/README.md).
 */
class StateSaver {
  saved: bigint | undefined;
  private checkedHead: bigint | undefined;
  private lastSaveAt = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  /** A block was pushed while a check ran: check again as soon as it ends. */
  private again = false;
  private socket: WebSocket | undefined;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private unreported = false;

  constructor(
    private readonly rpcUrl: string,
    private readonly file: string,
    private readonly intervalMs: number,
    private readonly onSaved: ((block: bigint) => Promise<void> | void) | undefined,
    private readonly pollMs: number,
    private readonly push: boolean,
  ) {}

  /** The head at start is what the file held (or genesis): saved by definition. */
  async start() {
    this.saved = this.checkedHead = BigInt(await rpcCall<string>(this.rpcUrl, "eth_blockNumber"));
    await this.report();
    if (this.intervalMs <= 0) return;
    if (this.push) this.subscribe();
    this.schedule();
  }

  /** Subscribes to anvil's new blocks; a closed socket is opened again a second later. */
  private subscribe() {
    if (this.stopped) return;
    const socket = new WebSocket(this.rpcUrl.replace(/^http/, "ws"));
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
    // Any notification is a new block; the check reads the head itself (a missed message costs nothing).
    socket.onmessage = (message) => {
      if (typeof message.data === "string" && message.data.includes('"eth_subscription"')) this.check();
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = undefined;
      if (!this.stopped) this.reconnect = setTimeout(() => this.subscribe(), 1_000);
    };
    socket.onerror = () => {}; // a close follows
  }

  private schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), this.pollMs);
  }

  /** Runs a check now, or right after the one running (one at a time, so saves never overlap). */
  private check() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.tick()
      .catch(() => {}) // the node is busy or stopping: the next check tries again
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.check();
        } else this.schedule();
      });
  }

  private async tick() {
    const head = BigInt(await rpcCall<string>(this.rpcUrl, "eth_blockNumber"));
    let busy = false;
    for (let n = (this.checkedHead ?? -1n) + 1n; n <= head && !busy; n++) {
      const count = await rpcCall<string>(this.rpcUrl, "eth_getBlockTransactionCountByNumber", [`0x${n.toString(16)}`]);
      busy = BigInt(count) > 0n;
    }
    this.checkedHead = head;
    const due = head > (this.saved ?? -1n) && (busy || Date.now() - this.lastSaveAt >= this.intervalMs);
    if (due) await this.save(head);
    else if (this.unreported) await this.report();
  }

  /** Dumps the state; `head` was read before the dump, so the dump holds at least that block. */
  private async save(head: bigint) {
    const dump = await rpcCall<string>(this.rpcUrl, "anvil_dumpState");
    if (this.stopped) return;
    await writeDurably(this.file, await gunzipAsync(Buffer.from(dump.slice(2), "hex")));
    this.lastSaveAt = Date.now();
    this.saved = head;
    await this.report();
  }

  private async report() {
    if (!this.onSaved || this.saved === undefined) return;
    try {
      await this.onSaved(this.saved);
      this.unreported = false;
    } catch {
      this.unreported = true; // e.g. the database restarting: told again at the next tick
    }
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.reconnect);
    this.socket?.close();
    await this.running;
  }
}

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    return res.ok && typeof ((await res.json()) as { result?: unknown }).result === "string";
  } catch {
    return false;
  }
}

async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setIntervalMining", params: [seconds] }),
  });
  const body = (await res.json()) as { error?: { message?: string } };
  if (body.error) throw new Error(`anvil refused evm_setIntervalMining(${seconds}): ${body.error.message ?? "unknown error"}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function startOnce(opts: AnvilOptions): Promise<Anvil> {
  const port = opts.port ?? (await freePort());
  // A fixed port may still be held by the anvil of a run that was just killed (it exits once it
  // notices): never mistake that one for ours.
  if (opts.port) await waitForFreePort(port, "the sandbox chain (SANDBOX_ANVIL_PORT)");
  // --max-persisted-states 0: anvil keeps the state of its last 500 blocks in memory and by default
  // writes every older block's whole state to ~/.foundry/anvil/tmp (686 MB after 3,000 nearly empty
  // blocks), which it leaves behind when it is stopped: a sandbox ticking every second, or a test
  // that mines thousands of blocks, filled the disk over days. State reads stay possible for the
  // last 500 blocks (the service reads at its matcher's cursor, a few blocks behind the head); blocks,
  // transactions and logs stay available for the whole chain.
  const args = ["--port", String(port), "--chain-id", String(opts.chainId ?? 31337), "--silent", "--max-persisted-states", "0"];
  if (opts.blockTime !== undefined) args.push("--block-time", String(opts.blockTime));
  // --state: loaded at start, written on exit; the saves in between are StateSaver's.
  if (opts.stateFile !== undefined) {
    await keepOriginalGenesis(opts.stateFile);
    args.push("--state", opts.stateFile);
  }

  const child = spawn("sh", ["-c", PIPE_SUPERVISOR, "anvil-supervisor", anvilBinary(), ...args], {
    detached: true,
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  let saver: StateSaver | undefined;
  let nudge: AutomineNudge | undefined;
  const stop = async (): Promise<void> => {
    await nudge?.stop();
    await saver?.stop();
    child.stdin?.end();
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
    await exited(child);
    clearTimeout(timer);
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited during start (code ${child.exitCode}): ${stderr.trim()}`);
    }
    if (await answersChainId(rpcUrl)) {
      if (opts.stateFile !== undefined) {
        saver = new StateSaver(rpcUrl, opts.stateFile, (opts.stateIntervalSeconds ?? 5) * 1000, opts.onSaved, opts.statePollMs ?? 1_000, opts.stateSubscribe ?? true);
        await saver.start();
      }
      // On automine, transactions anvil left in its pool are mined (automine-nudge.ts); idle on interval mining.
      if (opts.automineNudgeMs !== 0) {
        nudge = new AutomineNudge((method, params) => rpcCall(rpcUrl, method, params), opts.automineNudgeMs ?? 1_000);
        nudge.start();
      }
      const s = saver;
      return {
        rpcUrl,
        port,
        stop,
        startIntervalMining: (seconds) => setIntervalMining(rpcUrl, seconds),
        get savedBlock() {
          return s?.saved;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`anvil did not answer on ${rpcUrl} within the timeout: ${stderr.trim()}`);
}

/** Spawns anvil on a free port and resolves once it answers eth_chainId. */
export async function startAnvil(opts: AnvilOptions = {}): Promise<Anvil> {
  // The free port can be taken between probing and anvil binding it; try a few ports.
  let lastError: unknown;
  // A fixed port is not retried: another process holds it and retrying will not help.
  for (let attempt = 0; attempt < (opts.port ? 1 : 3); attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}
