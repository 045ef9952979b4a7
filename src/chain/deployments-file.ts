/**
 * The committed record of where the production factories are on each chain:
 * deploy/deployments/<chainId>.json. Read (synchronously, at configuration) for two things:
 * - every v2 factory ever used on the chain, so the indexer keeps following the accounts of a
 *   factory that a later contract version replaced (its accounts hold merchants' money for good);
 * - the block each factory was deployed in, so a production chain's start block can come from the
 *   record instead of a hand-copied START_BLOCK.
 *
 * The v2 factory is deterministic (one address on every chain, anyone may deploy it), so the
 * project can record it. A v1 factory is the operator's own (its constructor names the operator);
 * an install may list it too, or keep naming it in its configuration.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getAddress, isAddress, type Address } from "viem";

export const DEPLOYMENTS_DIR = fileURLToPath(new URL("../../deploy/deployments/", import.meta.url));

export type FactoryRecord = {
  /** The contract version: 1 (MerchantAccountFactory) or 2 (MerchantAccountFactoryV2). */
  version: 1 | 2;
  address: Address;
  /** The block of its deployment on this chain; null while it has not been deployed (or not recorded). */
  startBlock: number | null;
  /** Which build of the contract: the bytecode's keccak256 as in contracts/pinned (for v2, the address says it too). */
  note?: string;
};

export type DeploymentsFile = { chainId: number; factories: FactoryRecord[] };

/** The chain's record, or undefined when the install has none for it. Throws on a malformed file, naming it. */
export function readDeploymentsFile(chainId: number, dir: string = DEPLOYMENTS_DIR): DeploymentsFile | undefined {
  const path = `${dir}${chainId}.json`;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  return parseDeploymentsFile(text, chainId, path);
}

export function parseDeploymentsFile(text: string, chainId: number, where: string): DeploymentsFile {
  const bad = (what: string) => new Error(`${where}: ${what}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw bad(`not valid JSON (${(err as Error).message})`);
  }
  const o = json as { chainId?: unknown; factories?: unknown };
  if (o.chainId !== chainId) throw bad(`chainId is ${String(o.chainId)}, the file name says ${chainId}`);
  if (!Array.isArray(o.factories)) throw bad("factories: expected an array");
  const factories = o.factories.map((raw, i): FactoryRecord => {
    const f = raw as Record<string, unknown>;
    if (f.version !== 1 && f.version !== 2) throw bad(`factories[${i}].version: expected 1 or 2`);
    if (typeof f.address !== "string" || !isAddress(f.address, { strict: false })) throw bad(`factories[${i}].address: expected an address`);
    const startBlock = f.startBlock;
    if (startBlock !== null && (typeof startBlock !== "number" || !Number.isSafeInteger(startBlock) || startBlock < 0))
      throw bad(`factories[${i}].startBlock: expected a block number or null`);
    return { version: f.version, address: getAddress(f.address), startBlock, ...(typeof f.note === "string" ? { note: f.note } : {}) };
  });
  return { chainId, factories };
}

/**
 * The chain's record: the committed file merged with the install's own (DEPLOYMENTS_DIR, e.g. to
 * list its v1 factory without editing the checkout). A factory listed in both keeps the block
 * either one knows.
 */
export function readDeployments(chainId: number, installDir: string | undefined): DeploymentsFile | undefined {
  const files = [readDeploymentsFile(chainId), installDir === undefined ? undefined : readDeploymentsFile(chainId, installDir.endsWith("/") ? installDir : `${installDir}/`)].filter((f) => f !== undefined);
  if (files.length === 0) return undefined;
  const byAddress = new Map<string, FactoryRecord>();
  for (const f of files.flatMap((file) => file.factories)) {
    const key = f.address.toLowerCase();
    const seen = byAddress.get(key);
    byAddress.set(key, seen && seen.startBlock !== null ? seen : f);
  }
  return { chainId, factories: [...byAddress.values()] };
}

/** The v2 factories listed for the chain besides `current`: earlier contract versions, still followed. */
export function formerFactoriesV2(file: DeploymentsFile | undefined, current: Address): Address[] {
  const out = (file?.factories ?? []).filter((f) => f.version === 2 && f.address.toLowerCase() !== current.toLowerCase()).map((f) => f.address);
  return [...new Set(out)];
}

/**
 * The chain's first block to index as the record tells it: the earliest deployment among the
 * factories the chain follows (its v1 factory when it has one, and every listed v2 factory), or
 * undefined when one of them has no recorded block (the record then cannot vouch for the start: an
 * account of that factory might come before the earliest block it knows).
 */
export function recordedStartBlock(file: DeploymentsFile | undefined, v1Factory: Address | undefined): number | undefined {
  if (!file) return undefined;
  const followed = file.factories.filter((f) => f.version === 2 || (v1Factory !== undefined && f.address.toLowerCase() === v1Factory.toLowerCase()));
  if (v1Factory !== undefined && !followed.some((f) => f.version === 1)) return undefined;
  if (followed.length === 0 || followed.some((f) => f.startBlock === null)) return undefined;
  return Math.min(...followed.map((f) => f.startBlock!));
}

/**
 * Adds (or updates) a factory in the install's record `<dir>/<chainId>.json`, keeping whatever else
 * it lists; a block already known is kept when the new one is unknown. Written then renamed.
 */
export function recordFactory(dir: string, chainId: number, record: FactoryRecord): DeploymentsFile {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  const current = readDeploymentsFile(chainId, base) ?? { chainId, factories: [] };
  const seen = current.factories.find((f) => f.address.toLowerCase() === record.address.toLowerCase());
  const merged: FactoryRecord = { ...record, startBlock: record.startBlock ?? seen?.startBlock ?? null };
  const next = { chainId, factories: [...current.factories.filter((f) => f !== seen), merged] };
  mkdirSync(base, { recursive: true });
  const tmp = `${base}${chainId}.json.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(tmp, `${base}${chainId}.json`);
  return next;
}
