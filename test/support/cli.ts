/** Runs the operator CLI as a child process against a test service's database and chain. */
import type { TestService } from "./service.ts";
import { serviceChildEnv } from "./child-env.ts";

/** A command still running after this long is killed and fails with what it printed (never a silent hang). */
const CLI_TIMEOUT_MS = 90_000;

export async function runCli(svc: TestService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/cli/main.ts", ...args], { cwd: `${import.meta.dir}/../..`, env: serviceChildEnv(svc), stdout: "pipe", stderr: "pipe" });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, CLI_TIMEOUT_MS);
  try {
    const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    return timedOut ? { code: -1, stdout, stderr: `${stderr}\n(killed: still running after ${CLI_TIMEOUT_MS / 1000} s: cli ${args.join(" ")})` } : { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
