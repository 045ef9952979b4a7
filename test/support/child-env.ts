/** The environment of a child process (a worker role, the operator CLI, a test child) run against a test service. */
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
    OPERATOR_PRIVATE_KEY: svc.ctx.config.operatorPrivateKey,
    LOG_LEVEL: "error",
    ...extra,
  };
}

/** As serviceChildEnv, for a worker that reads the chain: also the block the sandbox contracts were deployed at. */
export function workerChildEnv(svc: TestService, extra: Record<string, string> = {}): Record<string, string> {
  return serviceChildEnv(svc, { SANDBOX_START_BLOCK: String(svc.ctx.chains.test!.startBlock), ...extra });
}

/**
 * As workerChildEnv, for a child that runs every sandbox chain of the service (issue 27): the chains
 * are named as the embedded sandbox names them (their anvil ports; the child starts none, it reads
 * the contracts from the service's deployment records), so config.chains.others has the other chains.
 */
export function allChainsChildEnv(svc: TestService, extra: Record<string, string> = {}): Record<string, string> {
  const env = workerChildEnv(svc);
  for (const k of ["SANDBOX_RPC_HTTP_URL", "SANDBOX_CHAIN_ID", "SANDBOX_USDC_ADDRESS", "SANDBOX_FACTORY_ADDRESS", "SANDBOX_USDT_ADDRESS", "SANDBOX_START_BLOCK"]) delete env[k];
  const ports: Record<string, string> = { SANDBOX_ANVIL_PORT: new URL(svc.ctx.chains.test!.rpcHttpUrl).port };
  for (const c of svc.ctx.config.chains.others.filter((o) => o.mode === "test"))
    ports[`SANDBOX_ANVIL_PORT_${c.name.toUpperCase()}`] = new URL(c.rpcHttpUrl).port;
  return { ...env, SANDBOX_EXTRA_CHAINS: svc.ctx.config.chains.others.filter((o) => o.mode === "test").map((o) => o.name).join(",") || "none", ...ports, ...extra };
}
