// What bootstrap.mjs keeps in node_modules/.stablepay-install: a hash of package-lock.json and
// package.json as they were when the dependencies were installed. Bootstrap installs again when it
// differs; the build (run by `npm install`) writes it, so that `npm start`, `npm test` and
// `npm run cli` after an `npm install` do not install a second time (nor write into a read-only
// install).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const STAMP_FILE = join(root, "node_modules", ".stablepay-install");

export function installHash() {
  return createHash("sha256")
    .update(readFileSync(join(root, "package-lock.json")))
    .update(readFileSync(join(root, "package.json")))
    .digest("hex");
}
