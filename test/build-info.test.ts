/**
 * The version an operator can read: `--version` of the service and of the CLI (the package's
 * version and the checkout's commit), the build-info metric, and the commit read from git's own
 * files (no git binary; worktrees and packed refs included).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { GIT_COMMIT, readGitCommit, versionLine } from "../src/lib/build-info.ts";
import { processMetrics } from "../src/lib/metrics.ts";

const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "stablepay-build-info-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SHA_A = "a".repeat(40);
const SHA_B = "b".repeat(40);

describe("--version", () => {
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();

  test("the service and the CLI print the package's version and the checkout's commit, and start nothing", () => {
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    const expected = `${packageJson.name} ${packageJson.version} (commit ${head})`;
    for (const args of [["src/main.ts", "--version"], ["src/cli/main.ts", "--version"]]) {
      // An empty environment but the path: no configuration is read to answer.
      const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 30_000 });
      expect({ args, status: run.status, stdout: run.stdout.trim() }).toEqual({ args, status: 0, stdout: expected });
    }
    expect(versionLine()).toBe(expected);
  });

  test("stablepay_build_info carries the version and the commit", async () => {
    const text = await processMetrics.render();
    expect(text).toContain(`stablepay_build_info{version="${packageJson.version}",commit="${GIT_COMMIT}",runtime="bun ${Bun.version}"} 1`);
  });
});

describe("the start's first log line", () => {
  test("names the version and the commit, before anything else can fail", async () => {
    // A production start whose database does not answer: the line comes first all the same.
    const address = "0x000000000000000000000000000000000000fee5";
    const env = {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "info",
      STABLEPAY_ENV: "production",
      ROLES: "api",
      OPS_PORT: "9309",
      PORT: "1",
      DATABASE_URL: "postgres://u:p@127.0.0.1:9/x",
      SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:9/",
      SANDBOX_CHAIN_ID: "84532",
      SANDBOX_FACTORY_ADDRESS: address,
      SANDBOX_START_BLOCK: "1",
      OPERATOR_ADDRESS: address,
      PUBLIC_BASE_URL: "https://pay.example",
      WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
    };
    const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    let output = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const c of child.stderr) output += decoder.decode(c);
    })();
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('"msg":"starting"') && child.exitCode === null && Date.now() < deadline) await Bun.sleep(100);
      const line = output.split("\n").find((l) => l.includes('"msg":"starting"'));
      expect(line, output).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ msg: "starting", version: packageJson.version, commit: GIT_COMMIT, env: "production", roles: "api" });
    } finally {
      child.kill("SIGKILL");
      await child.exited;
    }
  }, 40_000);
});

describe("the commit from git's files", () => {
  test("a checkout: HEAD on a loose branch ref, or detached", () => {
    const repo = join(tmp, "plain/");
    mkdirSync(join(repo, ".git/refs/heads"), { recursive: true });
    writeFileSync(join(repo, ".git/HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(repo, ".git/refs/heads/main"), `${SHA_A}\n`);
    expect(readGitCommit(repo)).toBe(SHA_A);
    writeFileSync(join(repo, ".git/HEAD"), `${SHA_B}\n`);
    expect(readGitCommit(repo)).toBe(SHA_B);
  });

  test("a worktree: `.git` names its directory, the branch is packed in the common one", () => {
    const common = join(tmp, "main.git");
    const own = join(common, "worktrees/wt");
    mkdirSync(own, { recursive: true });
    writeFileSync(join(common, "packed-refs"), `# pack-refs with: peeled fully-peeled sorted\n${SHA_A} refs/heads/other\n${SHA_B} refs/heads/feature\n`);
    writeFileSync(join(own, "HEAD"), "ref: refs/heads/feature\n");
    writeFileSync(join(own, "commondir"), "../..\n");
    const tree = join(tmp, "wt/");
    mkdirSync(tree);
    writeFileSync(join(tree, ".git"), `gitdir: ${own}\n`);
    expect(readGitCommit(tree)).toBe(SHA_B);
  });

  test("no checkout (an unpacked release): unknown", () => {
    const bare = join(tmp, "release/");
    mkdirSync(bare);
    expect(readGitCommit(bare)).toBeUndefined();
  });
});
