/**
 * What this process runs: the package's version and, when the install is a git checkout, its
 * commit. Shown by `--version` (the service's and the CLI's), in the start's log line, in traces'
 * resource, and as a metric that is always 1: `stablepay_build_info{version, commit, runtime}`. A
 * dashboard shows which versions run side by side during a rolling upgrade, and a query can join it
 * to any other series by instance.
 */
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import packageJson from "../../package.json" with { type: "json" };
import { processMetrics } from "./metrics.ts";

export const SERVICE_VERSION: string = packageJson.version;

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The commit HEAD names, read from the git files themselves rather than by running git: the
 * service's user does not own the checkout under systemd, which git refuses ("dubious ownership"),
 * and an install may have no git at all. Undefined when the tree is no checkout (e.g. an image
 * built without .git) or HEAD cannot be resolved.
 */
export function readGitCommit(root: string = ROOT): string | undefined {
  try {
    let gitDir = `${root}.git`;
    // A worktree or submodule: `.git` is a file naming the real directory.
    if (!statSync(gitDir).isDirectory()) gitDir = readFileSync(gitDir, "utf8").replace(/^gitdir:\s*/, "").trim();
    if (!gitDir.startsWith("/")) gitDir = `${root}${gitDir}`;
    const head = readFileSync(`${gitDir}/HEAD`, "utf8").trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
    if (!ref) return undefined;
    // Branches live in the common directory (a worktree's own directory holds only its HEAD).
    let common = gitDir;
    try {
      const rel = readFileSync(`${gitDir}/commondir`, "utf8").trim();
      common = rel.startsWith("/") ? rel : `${gitDir}/${rel}`;
    } catch {
      // Not a worktree: the git directory is the common one.
    }
    for (const dir of [gitDir, common]) {
      try {
        const sha = readFileSync(`${dir}/${ref}`, "utf8").trim();
        if (/^[0-9a-f]{40}$/.test(sha)) return sha;
      } catch {
        // Not a loose ref here: try the next place, then packed-refs.
      }
    }
    const packed = readFileSync(`${common}/packed-refs`, "utf8");
    for (const line of packed.split("\n")) {
      const [sha, name] = line.split(" ");
      if (name === ref && sha && /^[0-9a-f]{40}$/.test(sha)) return sha;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

export const GIT_COMMIT: string | undefined = readGitCommit();

/** The line `--version` prints: `stablepay 0.1.0 (commit 1a2b…)`, or `(commit unknown)`. */
export function versionLine(): string {
  return `${packageJson.name} ${SERVICE_VERSION} (commit ${GIT_COMMIT ?? "unknown"})`;
}

processMetrics
  .gauge("stablepay_build_info", "Always 1: the service's version (package.json), its git commit (\"unknown\" when the install is no checkout) and the runtime's (Bun) of this process.", ["version", "commit", "runtime"])
  .set({ version: SERVICE_VERSION, commit: GIT_COMMIT ?? "unknown", runtime: `bun ${Bun.version}` }, 1);
