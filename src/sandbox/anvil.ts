// Starts anvil: the sandbox chain of the embedded default (fixed port, state kept on disk) and the
// throwaway chains of the tests (free port). Guarantees the process is stopped afterwards.

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort, waitForFreePort } from "./ports.ts";
import { PIPE_SUPERVISOR } from "../pipe-supervisor.ts";
import { fileURLToPath } from "node:url";

export type AnvilOptions = {
  /** Seconds between blocks. Omitted: automine, one block per transaction. */
  blockTime?: number;
  chainId?: number;
  /** How long to wait for the node to answer before giving up. */
  startTimeoutMs?: number;
  /** Fixed port (the sandbox); omitted: a free port. */
  port?: number;
  /** Load the chain from this file at start, dump it there on exit and every `stateIntervalSeconds`. */
  stateFile?: string;
  /**
   * Seconds between dumps of the state file while running (default 5: a kill -9 loses at most that much
   * of the chain); 0: only on exit. Each dump rewrites the whole file (the chain's blocks included) on
   * the disk Postgres flushes its WAL to (bench/README.md "Where the rest of the tail was").
   */
  stateIntervalSeconds?: number;
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
  const interval = opts.stateIntervalSeconds ?? 5;
  if (opts.stateFile !== undefined) args.push("--state", opts.stateFile, ...(interval > 0 ? ["--state-interval", String(interval)] : []));

  const child = spawn("sh", ["-c", PIPE_SUPERVISOR, "anvil-supervisor", anvilBinary(), ...args], {
    detached: true,
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  const stop = async (): Promise<void> => {
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
    if (await answersChainId(rpcUrl)) return { rpcUrl, port, stop, startIntervalMining: (seconds) => setIntervalMining(rpcUrl, seconds) };
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
