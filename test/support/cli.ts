/** Runs the operator CLI as a child process against a test service's database and chain. */
import type { TestService } from "./service.ts";

export function cliEnv(svc: TestService): Record<string, string> {
  const chain = svc.ctx.chains.test!;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return {
    ...env,
    DATABASE_URL: svc.sandbox.database_url,
    SANDBOX_RPC_HTTP_URL: chain.rpcHttpUrl,
    SANDBOX_CHAIN_ID: String(chain.chainId),
    SANDBOX_USDC_ADDRESS: chain.usdc,
    SANDBOX_FACTORY_ADDRESS: chain.factory,
    SANDBOX_CONFIRMATIONS: "0",
    OPERATOR_PRIVATE_KEY: svc.ctx.config.operatorPrivateKey,
    LOG_LEVEL: "error",
  };
}

export async function runCli(svc: TestService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/cli/main.ts", ...args], { cwd: `${import.meta.dir}/../..`, env: cliEnv(svc), stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, stdout, stderr };
}
