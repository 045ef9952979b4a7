/**
 * `bun scripts/pin-contracts.ts`: writes contracts/pinned/<Name>.json, the production contracts'
 * ABI and creation bytecode that the service uses (src/chain/artifacts.ts), from a fresh compile of
 * contracts/*.sol.
 *
 * Run it only to make a source change real on purpose: a v1 factory or account with new bytes is a
 * new v1 release (already deployed factories keep their code), and a v2 factory with new bytes sits
 * at a new deterministic address, so every v2 account created afterwards has a new address. The
 * deployments files (deploy/deployments/<chainId>.json) keep listing the former factories, which the
 * indexer keeps following. Without `--write` it only says which files would change.
 */
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { compilePinned, PINNED_DIR } from "../src/chain/artifacts.ts";

const write = process.argv.includes("--write");
let changed = 0;
for (const file of await compilePinned()) {
  const path = `${PINNED_DIR}${file.contract}.json`;
  const text = `${JSON.stringify(file, null, 2)}\n`;
  const current = await readFile(path, "utf8").catch(() => undefined);
  if (current === text) continue;
  changed++;
  if (write) {
    await mkdir(PINNED_DIR, { recursive: true });
    await writeFile(path, text);
  }
  console.log(`${write ? "wrote" : "would change"} ${path}`);
}
if (changed === 0) console.log("contracts/pinned matches the sources");
else if (!write) console.log("run with --write to pin the sources' bytes (contracts/README.md, \"Pinned bytes\")");
