// The contracts' ABI and creation bytecode.
//
// Production contracts (the factories and accounts a production install deploys or computes
// addresses from) are read from committed files, contracts/pinned/<Name>.json: a v2 factory's
// address is CREATE2 of its creation code, which embeds solc's metadata hash of the exact source
// bytes and settings, so compiling at build time would let a changed comment, a compiler upgrade
// or a setting move every new merchant address. test/pinned-artifacts.test.ts recompiles the
// sources and fails when they no longer produce the committed bytes: a source change is then either
// undone or made a new contract version (`bun scripts/pin-contracts.ts`, contracts/README.md).
//
// The other contracts (sandbox tokens, test wallets) are compiled with the pinned solc-js and the
// result cached. solc-js blocks the event loop while it compiles (and loading its wasm alone
// takes ~0.4 s), so the output is cached in contracts/out/artifacts.json under a key covering
// everything that affects it (sources, compiler version, settings): any change recompiles,
// otherwise loading is a file read and solc is never loaded. The build (`npm run build`, run by
// `npm install`) writes that file, so an installed tree is only read at run time.

import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

export type ContractArtifact = { abi: Abi; bytecode: Hex };

export const CONTRACT_NAMES = [
  "TestUSDC",
  "MerchantAccount",
  "MerchantAccountFactory",
  // v2: multi-token, same address on every chain, refunds. Compiled alongside v1
  // (each contract's bytecode covers only its own sources, so v1's bytecode is unchanged).
  "TestUSDT",
  "MerchantAccountV2",
  "MerchantAccountFactoryV2",
  // Deposit addresses: one per payment intent, swept into the merchant's account. Their own
  // sources, so compiling them changes neither v1's nor v2's bytecode.
  "DepositAddress",
  "DepositAddressFactory",
  // Tests only: an ERC-1271 wallet paying by signature (EIP-3009 with a contract's signature).
  "TestContractWallet",
  // Tests only: an ERC-1271 wallet whose signature check burns gas (the relay's gas cap).
  "TestGasBurningWallet",
  // Tests only: several calls in one transaction (authorizations submitted in a batch).
  "TestBatchCaller",
  // Tests only: a token whose transfer or balanceOf fails on demand (sweeps of a bad token).
  "TestHostileToken",
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];
export type Artifacts = Record<ContractName, ContractArtifact>;

/** The contracts whose bytes production depends on: read from contracts/pinned, never compiled at run time. */
export const PINNED_CONTRACTS = ["MerchantAccount", "MerchantAccountFactory", "MerchantAccountV2", "MerchantAccountFactoryV2", "DepositAddress", "DepositAddressFactory"] as const satisfies readonly ContractName[];
export type PinnedContractName = (typeof PINNED_CONTRACTS)[number];
export type PinnedArtifacts = Record<PinnedContractName, ContractArtifact>;

/** A committed artifact: the bytes, and how they were made (so a mismatch can say what differs). */
export type PinnedFile = ContractArtifact & { contract: PinnedContractName; solcVersion: string; settings: typeof SETTINGS };

const CONTRACTS_DIR = fileURLToPath(new URL("../../contracts/", import.meta.url));
const OUT_DIR = `${CONTRACTS_DIR}out/`;
const CACHE_FILE = `${OUT_DIR}artifacts.json`;
export const PINNED_DIR = `${CONTRACTS_DIR}pinned/`;

// Cancun: supported by Base (since Ecotone) and Base Sepolia, and by anvil's default hardfork.
// Newer targets (prague/osaka) would let solc emit opcodes an older L2 node may not accept.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

type CacheFile = { key: string; solcVersion: string; contracts: Artifacts };

type SolcOutput = {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

// The npm package version is the compiler version (solc-js bundles exactly one soljson), and
// reading it does not load the compiler.
const SOLC_VERSION = (createRequire(import.meta.url)("solc/package.json") as { version: string }).version;

let memo: Promise<Artifacts> | undefined;
let pinnedMemo: Promise<PinnedArtifacts> | undefined;

/**
 * ABI and creation bytecode of every contract: the production ones as committed, the others
 * compiled (on the first call after a source change, unless the build did it).
 */
export function loadArtifacts(): Promise<Artifacts> {
  memo ??= Promise.all([load(), loadPinnedArtifacts()])
    .then(([compiled, pinned]) => ({ ...compiled, ...pinned }))
    .catch((err: unknown) => {
      // Don't cache a failure: a fixed source should compile on the next call.
      memo = undefined;
      throw err;
    });
  return memo;
}

/** The production contracts as committed in contracts/pinned: a file read, solc is never loaded. */
export function loadPinnedArtifacts(): Promise<PinnedArtifacts> {
  pinnedMemo ??= (async () => {
    const entries = await Promise.all(
      PINNED_CONTRACTS.map(async (name) => {
        const file = JSON.parse(await readFile(`${PINNED_DIR}${name}.json`, "utf8")) as PinnedFile;
        return [name, { abi: file.abi, bytecode: file.bytecode }] as const;
      }),
    );
    return Object.fromEntries(entries) as PinnedArtifacts;
  })().catch((err: unknown) => {
    pinnedMemo = undefined;
    throw err;
  });
  return pinnedMemo;
}

/**
 * Compiles the current sources now (no cache) and returns each production contract as its
 * committed file would hold it: what the pinning script writes and the pinning test compares.
 */
export async function compilePinned(): Promise<PinnedFile[]> {
  const { sources } = await sourcesAndKey();
  const { contracts, solcVersion } = await compile(sources);
  return PINNED_CONTRACTS.map((name) => ({ contract: name, solcVersion, settings: SETTINGS, abi: contracts[name].abi, bytecode: contracts[name].bytecode }));
}

async function load(): Promise<Artifacts> {
  const { sources, key } = await sourcesAndKey();
  const cached = await readCache();
  if (cached?.key === key) return cached.contracts;

  const { contracts, solcVersion } = await compile(sources);
  await writeCache({ key, solcVersion, contracts }).catch(() => {
    // The cache only saves time: an install that skipped the build and cannot write here (read-only)
    // still works, it just compiles at each start.
  });
  return contracts;
}

/**
 * The build's step (`npm run build`, run by `npm install`): the artifacts compiled and written to
 * contracts/out, so that processes started later only read them (a read-only install compiles
 * nothing). Unlike a process's start, a failure to write is an error here.
 */
export async function buildArtifacts(): Promise<{ file: string; compiled: boolean }> {
  const { sources, key } = await sourcesAndKey();
  if ((await readCache())?.key === key) return { file: CACHE_FILE, compiled: false };
  const { contracts, solcVersion } = await compile(sources);
  await writeCache({ key, solcVersion, contracts });
  return { file: CACHE_FILE, compiled: true };
}

async function sourcesAndKey(): Promise<{ sources: Record<string, { content: string }>; key: string }> {
  const sources = await readSources();
  const key = createHash("sha256")
    .update(JSON.stringify({ solcVersion: SOLC_VERSION, settings: SETTINGS, sources }))
    .digest("hex");
  return { sources, key };
}

async function writeCache(file: CacheFile): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  // Write then rename, so a concurrent reader (parallel test files) never sees half a file.
  const tmp = `${CACHE_FILE}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, JSON.stringify(file));
  await rename(tmp, CACHE_FILE);
}

async function readSources(): Promise<Record<string, { content: string }>> {
  const sources: Record<string, { content: string }> = {};
  // Source unit names are the bare file names, so `import "./MerchantAccount.sol"` resolves.
  for (const name of CONTRACT_NAMES) {
    const file = `${name}.sol`;
    sources[file] = { content: await readFile(`${CONTRACTS_DIR}${file}`, "utf8") };
  }
  return sources;
}

async function readCache(): Promise<CacheFile | undefined> {
  try {
    return JSON.parse(await readFile(CACHE_FILE, "utf8")) as CacheFile;
  } catch {
    // Missing or unreadable cache: just recompile.
    return undefined;
  }
}

async function compile(
  sources: Record<string, { content: string }>,
): Promise<{ contracts: Artifacts; solcVersion: string }> {
  const solc = (await import("solc")).default;
  const solcVersion: string = solc.version(); // e.g. "0.8.37+commit.f401782d.Emscripten.clang"
  if (!solcVersion.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(`solc reports ${solcVersion}, its package says ${SOLC_VERSION}`);
  }
  const input = { language: "Solidity", sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;

  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }

  const pick = (name: ContractName): ContractArtifact => {
    const contract = output.contracts?.[`${name}.sol`]?.[name];
    if (!contract) throw new Error(`solc output has no contract ${name}`);
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return {
    solcVersion,
    contracts: Object.fromEntries(CONTRACT_NAMES.map((name) => [name, pick(name)])) as Artifacts,
  };
}
