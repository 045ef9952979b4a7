/** Runs the operator CLI as a child process against a test service's database and chain. */
import type { TestService } from "./service.ts";
import { serviceChildEnv } from "./child-env.ts";

export async function runCli(svc: TestService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/cli/main.ts", ...args], { cwd: `${import.meta.dir}/../..`, env: serviceChildEnv(svc), stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, stdout, stderr };
}
