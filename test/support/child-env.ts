/** The environment of a child process (a worker role, the operator CLI, a test child) run against a test service. */
import type { Subprocess } from "bun";
import type { TestService } from "./service.ts";

/**
 * This process's environment plus the test service's database and sandbox chain (addresses,
 * 0 confirmations), the operator key and errors-only logs; `extra` is added last.
 */
export function serviceChildEnv(svc: TestService, extra: Record<string, string> = {}): Record<string, string> {
  const chain = svc.ctx.chains.test!;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return {
    ...env,
    DATABASE_URL: svc.sandbox.database_url,
    SANDBOX_RPC_HTTP_URL: chain.rpcHttpUrl,
    SANDBOX_CHAIN_ID: String(chain.chainId),
    SANDBOX_USDC_ADDRESS: chain.usdc,
    SANDBOX_FACTORY_ADDRESS: chain.factory!,
    ...(chain.usdt ? { SANDBOX_USDT_ADDRESS: chain.usdt } : {}),
    SANDBOX_CONFIRMATIONS: "0",
    OPERATOR_PRIVATE_KEY: svc.ctx.config.operatorPrivateKey!,
    LOG_LEVEL: "error",
    ...extra,
  };
}

/** As serviceChildEnv, for a worker that reads the chain: also the block the sandbox contracts were deployed at. */
export function workerChildEnv(svc: TestService, extra: Record<string, string> = {}): Record<string, string> {
  return serviceChildEnv(svc, { SANDBOX_START_BLOCK: String(svc.ctx.chains.test!.startBlock), ...extra });
}

/**
 * As workerChildEnv, for a child that runs every sandbox chain of the service: the others
 * as a hosted sandbox names them (SANDBOX_<NAME>_RPC_HTTP_URL and their contracts, src/config.ts), so
 * the child's config.chains.others has them, as run-role's would.
 */
export function allChainsChildEnv(svc: TestService, extra: Record<string, string> = {}): Record<string, string> {
  const env = workerChildEnv(svc);
  for (const c of svc.ctx.networks.filter((n) => n.mode === "test" && n !== svc.ctx.chains.test)) {
    const p = `SANDBOX_${c.name.toUpperCase()}_`;
    Object.assign(env, {
      [`${p}RPC_HTTP_URL`]: c.rpcHttpUrl,
      [`${p}CHAIN_ID`]: String(c.chainId),
      [`${p}USDC_ADDRESS`]: c.usdc,
      ...(c.usdt ? { [`${p}USDT_ADDRESS`]: c.usdt } : {}),
      [`${p}START_BLOCK`]: String(c.startBlock),
      [`${p}CONFIRMATIONS`]: "0",
    });
  }
  return { ...env, ...extra };
}

/**
 * Runs `script` (relative to the repository) as a Bun child with `env` until it exits, tracked in
 * `children` meanwhile (so a test's cleanup can kill it); what it printed and how it ended.
 */
export async function runChild(script: string, env: Record<string, string>, children: Set<Subprocess>): Promise<{ code: number; signal: Subprocess["signalCode"]; out: string }> {
  const child = Bun.spawn([process.execPath, script], { cwd: `${import.meta.dir}/../..`, env, stdin: "ignore", stdout: "pipe", stderr: "inherit" });
  children.add(child);
  const code = await child.exited;
  children.delete(child);
  return { code, signal: child.signalCode, out: (await new Response(child.stdout).text()).trim() };
}
