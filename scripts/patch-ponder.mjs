// Patches Ponder 0.17.7 (node_modules/ponder) so that `ponder start` writes `ponder-env.d.ts` only when
// its content differs. Ponder rewrites that file in its root (our indexer/) at every start, even
// unchanged, so it cannot start from a read-only install (systemd's ProtectSystem=strict): EROFS. The
// file is committed with the content this version writes, and `npm run build` runs `ponder codegen`,
// which writes it if a Ponder upgrade changes it. Applied by `npm install` (package.json
// `postinstall`) and by bootstrap.mjs, like patch-postgres.mjs; it refuses any other version, so an
// upgrade makes us look again. Remove it once Ponder skips the unchanged write (or lets the file go
// elsewhere).
//
// Files are replaced (write + rename), never edited in place: node_modules may be hard-linked.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* stablepay patch: ponder-env.d.ts unchanged, not written */";
const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "ponder");

export const EDITS = [
  ['import { writeFileSync } from "node:fs";', 'import { existsSync, readFileSync, writeFileSync } from "node:fs";'],
  [
    '    writeFileSync(path.join(common.options.rootDir, "ponder-env.d.ts"), ponderEnv, "utf8");\n',
    `    const file = path.join(common.options.rootDir, "ponder-env.d.ts"); ${MARK}\n    if (existsSync(file) && readFileSync(file, "utf8") === ponderEnv) return;\n    writeFileSync(file, ponderEnv, "utf8");\n`,
  ],
];

/** Patches the package at `root` (this checkout's node_modules/ponder by default). */
export function patchPonder(root = defaultRoot) {
  if (!existsSync(join(root, "package.json"))) return;
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  if (version !== "0.17.7") throw new Error(`scripts/patch-ponder.mjs is for ponder 0.17.7, found ${version}: check whether it still writes ponder-env.d.ts at every start and update or remove the patch`);
  const file = join(root, "dist", "esm", "bin", "utils", "codegen.js");
  const before = readFileSync(file, "utf8");
  let text = before;
  for (const [from, to] of EDITS) {
    if (text.includes(to)) continue; // applied by an earlier run
    if (!text.includes(from)) throw new Error(`scripts/patch-ponder.mjs: ${file} does not contain the expected code; the patch needs updating`);
    text = text.replace(from, to);
  }
  if (text === before) return;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) patchPonder();
