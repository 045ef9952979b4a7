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
