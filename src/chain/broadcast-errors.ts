/**
 * What a node's answer to eth_sendRawTransaction means for the nonce authority and its keeper. Nodes
 * word these differently (geth, reth, anvil, hosted RPCs); the patterns are the common wordings.
 */
import { BaseError, ContractFunctionRevertedError, HttpRequestError, TimeoutError } from "viem";

export type BroadcastFailure =
  /** These very bytes are in the node's pool already: nothing to do. */
  | "known"
  /** The node has (or mined) another transaction at this nonce: ours can never be mined. */
  | "nonce_taken"
  /** The node was not reached or did not answer: the bytes may be sent again as they are. */
  | "unreachable"
  /** The node refused these bytes (fees, funds, gas, a malformed transaction): they never will be. */
  | "refused";

function text(err: unknown): string {
  if (err instanceof BaseError) return `${err.shortMessage} ${err.details ?? ""} ${err.message}`;
  return String((err as Error)?.message ?? err);
}

export function broadcastFailure(err: unknown): BroadcastFailure {
  const t = text(err);
  if (/already known|known transaction|already imported|already exists/i.test(t)) return "known";
  if (/nonce too low|nonce.*already|replacement transaction underpriced|NonceTooLow|transaction already in pool with the same nonce/i.test(t)) return "nonce_taken";
  if (err instanceof BaseError && err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)) return "unreachable";
  if (/fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|timed? ?out|Unable to connect/i.test(t)) return "unreachable";
  return "refused";
}

/** The custom error a contract call reverted with (`AlreadyCollected`, …), if that is why it failed. */
export function revertName(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
}

/** One line for a failed contract call, as stored and logged: `reverted: <error>`, else viem's short message. */
export function errorText(err: unknown): string {
  const name = revertName(err);
  if (name) return `reverted: ${name}`;
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}
