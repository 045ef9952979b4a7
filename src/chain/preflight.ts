/**
 * What a production start checks on each configured chain before anything runs: its RPC answers the
 * chain id it is configured as, and the contracts it names have code there. A mistyped URL (the
 * mainnet's RPC under the test network's id) or address (the factory of another chain) otherwise
 * starts a service that never sees a payment, or sends the operator's transactions to a wrong chain.
 * Each refusal is one ConfigError naming the variable to fix.
 */
import { createPublicClient, http, type Address } from "viem";
import { ConfigError, type ChainSettings } from "../config.ts";

const RPC_TIMEOUT_MS = 10_000;

export async function checkChains(chains: readonly ChainSettings[]): Promise<void> {
  // Side by side: a start waits for the slowest RPC once, not for each in turn.
  await Promise.all(chains.filter((c) => !c.embedded).map(checkChain));
}

async function checkChain(chain: ChainSettings): Promise<void> {
  const prefix = chain.envPrefix ?? "";
  const client = createPublicClient({ transport: http(chain.rpcHttpUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }) });
  let answered: number;
  try {
    answered = await client.getChainId();
  } catch (err) {
    throw new ConfigError(`${prefix}RPC_HTTP_URL`, `does not answer eth_chainId (${oneLine(err)}): the chain ${chain.chainId} (${chain.name}) is read through it`);
  }
  if (answered !== chain.chainId) {
    // A live chain other than the primary has no chain id variable: its name fixes it.
    const configured = prefix.startsWith("LIVE_") && prefix !== "LIVE_" ? `${chain.name}'s ${chain.chainId}` : `${prefix}CHAIN_ID's ${chain.chainId} (${chain.name})`;
    throw new ConfigError(`${prefix}RPC_HTTP_URL`, `answers chain id ${answered} (eth_chainId), not ${configured}: fix the URL or the chain id`);
  }
  const contracts: Array<[string, Address | undefined]> = [
    [`${prefix}FACTORY_ADDRESS`, chain.factoryAddress],
    [`${prefix}USDC_ADDRESS`, chain.usdcAddress],
    [`${prefix}USDT_ADDRESS`, chain.usdtAddress],
  ];
  for (const [variable, address] of contracts) {
    if (address === undefined) continue;
    let code: string | undefined;
    try {
      code = await client.getCode({ address });
    } catch (err) {
      throw new ConfigError(`${prefix}RPC_HTTP_URL`, `does not answer eth_getCode for ${variable} (${oneLine(err)})`);
    }
    if (code === undefined || code === "0x")
      throw new ConfigError(variable, `is ${address}, which has no code on chain ${chain.chainId} (${chain.name}): deploy the contract first (contracts/README.md) or fix the address`);
  }
}

/** viem's short message, on one line: the start prints one line. */
function oneLine(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? String(err)).split("\n")[0]!.slice(0, 200);
}
