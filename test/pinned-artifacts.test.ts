/**
 * The production contracts' bytes are committed (contracts/pinned) and where their factories are
 * is recorded per chain (deploy/deployments): a v2 factory's address is CREATE2 of its creation
 * code, so bytes that drift with a source edit, a compiler or a setting would move every new
 * merchant address. These tests recompile the sources and compare, check the records, and read a
 * start block from a record as a production start does.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getAddress, type Address } from "viem";
import { compilePinned, loadArtifacts, loadPinnedArtifacts, PINNED_CONTRACTS, PINNED_DIR, type PinnedFile } from "../src/chain/artifacts.ts";
import { factoryV2Address } from "../src/chain/account-v2.ts";
import { depositFactoryAddress } from "../src/chain/deposit-address.ts";
import { DEPLOYMENTS_DIR, formerFactoriesV2, readDeployments, readDeploymentsFile, recordedStartBlock } from "../src/chain/deployments-file.ts";
import { loadConfig } from "../src/config.ts";
import { normalizeIndexerChains } from "../indexer/chains.ts";

const tmp = mkdtempSync(join(tmpdir(), "stablepay-deployments-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("pinned contract artifacts", () => {
  test("the sources compile to exactly the committed bytes and ABIs", async () => {
    const compiled = await compilePinned();
    const differ: string[] = [];
    for (const fresh of compiled) {
      const committed = JSON.parse(readFileSync(`${PINNED_DIR}${fresh.contract}.json`, "utf8")) as PinnedFile;
      for (const field of ["bytecode", "abi", "solcVersion", "settings"] as const)
        if (JSON.stringify(committed[field]) !== JSON.stringify(fresh[field])) differ.push(`${fresh.contract}.${field}`);
    }
    // A difference here means a production contract's source, the compiler or its settings changed.
    // Undo it, or make it a new version on purpose: `bun scripts/pin-contracts.ts --write`, and for
    // v2 list the new factory address in every deploy/deployments file beside the former one
    // (contracts/README.md, "Pinned bytes").
    expect(differ).toEqual([]);
  }, 120_000);

  test("the service uses the committed bytes for the production contracts", async () => {
    const pinned = await loadPinnedArtifacts();
    const all = await loadArtifacts();
    for (const name of PINNED_CONTRACTS) {
      const file = JSON.parse(readFileSync(`${PINNED_DIR}${name}.json`, "utf8")) as PinnedFile;
      expect(pinned[name].bytecode).toBe(file.bytecode);
      expect(all[name].bytecode).toBe(file.bytecode);
    }
    // Test-only contracts are still compiled by the build.
    expect(all.TestUSDC.bytecode.length).toBeGreaterThan(2);
  });
});

describe("the deposit-address factory", () => {
  test("its address, from the pinned bytes, is the one every deposit address handed out so far derives from", async () => {
    // Deposit addresses are computed from it before any code exists: a new address here would leave
    // every payment made to an earlier one where only the former factory can sweep it. Changing it
    // is a new version on purpose (contracts/README.md "Deposit addresses"), never a side effect.
    expect(await depositFactoryAddress()).toBe(getAddress("0xBc02D3814416F78a6Eb863BC6F5821F435a9Ec8d"));
  });
});

describe("deployments records", () => {
  test("every committed record parses, is named by its chain id, and lists the current v2 factory", async () => {
    const current = await factoryV2Address();
    const files = readdirSync(DEPLOYMENTS_DIR).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const chainId = Number(name.replace(/\.json$/, ""));
      const record = readDeploymentsFile(chainId);
      expect(record?.chainId).toBe(chainId);
      // A re-pinned v2 factory must be added to the records (the former stays, still followed).
      expect({ name, listed: record!.factories.some((f) => f.version === 2 && f.address === current) }).toEqual({ name, listed: true });
    }
  });

  test("former v2 factories are every listed one but the current; the start block is the earliest, known only when every followed factory's block is", () => {
    const a: Address = getAddress("0x00000000000000000000000000000000000000a1");
    const b: Address = getAddress("0x00000000000000000000000000000000000000b2");
    const v1: Address = getAddress("0x00000000000000000000000000000000000000c3");
    const file = { chainId: 5, factories: [{ version: 2 as const, address: a, startBlock: 900 }, { version: 2 as const, address: b, startBlock: 1200 }, { version: 1 as const, address: v1, startBlock: 700 }] };
    expect(formerFactoriesV2(file, b)).toEqual([a]);
    expect(recordedStartBlock(file, undefined)).toBe(900);
    expect(recordedStartBlock(file, v1)).toBe(700);
    // A v1 factory the record does not list: the record cannot vouch for the chain's start.
    expect(recordedStartBlock(file, getAddress("0x00000000000000000000000000000000000000d4"))).toBeUndefined();
    expect(recordedStartBlock({ chainId: 5, factories: [{ version: 2, address: a, startBlock: null }] }, undefined)).toBeUndefined();
    expect(recordedStartBlock(undefined, undefined)).toBeUndefined();
  });

  test("the install's record (DEPLOYMENTS_DIR) adds blocks to the committed one", async () => {
    const current = await factoryV2Address();
    // Base Sepolia's committed record lists the v2 factory without a block.
    expect(recordedStartBlock(readDeployments(84532, undefined), undefined)).toBeUndefined();
    const v1: Address = getAddress("0x00000000000000000000000000000000000000c3");
    writeFileSync(join(tmp, "84532.json"), JSON.stringify({ chainId: 84532, factories: [{ version: 2, address: current, startBlock: 5_000_000 }, { version: 1, address: v1, startBlock: 4_900_000 }] }));
    expect(recordedStartBlock(readDeployments(84532, tmp), undefined)).toBe(5_000_000);
    expect(recordedStartBlock(readDeployments(84532, tmp), v1)).toBe(4_900_000);
    writeFileSync(join(tmp, "1.json"), JSON.stringify({ chainId: 8453, factories: [] }));
    expect(() => readDeployments(1, tmp)).toThrow(/1\.json: chainId is 8453, the file name says 1/);
  });

  test("production takes a chain's start block from the record when the variable is unset, and still refuses when neither knows it", () => {
    const v1: Address = getAddress("0x00000000000000000000000000000000000000c3");
    const production = {
      STABLEPAY_ENV: "production",
      OPS_PORT: "9309",
      DATABASE_URL: "postgres://u:p@db/x",
      SANDBOX_RPC_HTTP_URL: "http://rpc.example/",
      SANDBOX_CHAIN_ID: "84532",
      SANDBOX_FACTORY_ADDRESS: v1,
      PUBLIC_BASE_URL: "https://pay.example",
      WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
      ROLES: "api",
      OPERATOR_ADDRESS: v1,
    };
    expect(() => loadConfig(production)).toThrow(/^Invalid configuration: SANDBOX_START_BLOCK is required in production mode/);
    expect(loadConfig({ ...production, DEPLOYMENTS_DIR: tmp }).chains.test.startBlock).toBe(4_900_000);
    // The variable, when set, wins over the record.
    expect(loadConfig({ ...production, DEPLOYMENTS_DIR: tmp, SANDBOX_START_BLOCK: "42" }).chains.test.startBlock).toBe(42);
  });

  test("the indexer's chain config keeps former v2 factories, and leaves a chain without them as it was", () => {
    const base = { name: "live", chainId: 8453, rpcHttp: "http://rpc.example/", usdc: "0x00000000000000000000000000000000000000e5", factoryV2: "0x00000000000000000000000000000000000000B2", startBlock: 1 };
    expect(normalizeIndexerChains([base])[0]).not.toHaveProperty("formerFactoriesV2");
    expect(normalizeIndexerChains([{ ...base, formerFactoriesV2: [] }])[0]).not.toHaveProperty("formerFactoriesV2");
    expect(normalizeIndexerChains([{ ...base, formerFactoriesV2: ["0x00000000000000000000000000000000000000A1", "0x00000000000000000000000000000000000000b2"] }])[0]!.formerFactoriesV2).toEqual(["0x00000000000000000000000000000000000000a1"]);
  });
});
