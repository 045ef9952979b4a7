/**
 * The OpenAPI pieces of the (chain, token) pair, shared by every route that carries it:
 * the `chain` and `token` response fields as enums of the names the one table knows
 * (domain/networks.ts), and the `chain`/`token` request parameters. Requests are checked against the
 * pairs ENABLED in the key's mode by src/chain/pairs.ts (400 `parameter_invalid` naming the allowed
 * pairs), so the request schemas check only the type: the enum they document is what a name can mean.
 */
import { t } from "elysia";
import { CHAIN_NAMES, DEFAULT_CHAIN, DEFAULT_TOKEN, TOKEN_SYMBOLS } from "../domain/networks.ts";

/** `chain` of a response: the network's name (the sandbox's test network is named as the chain it stands in for). */
export const ChainField = t.UnionEnum(
  [...CHAIN_NAMES],
  { description: "The network, by name. The chain id is in `qr_payload`; in the sandbox a test network carries the name of the chain it stands in for.", examples: [DEFAULT_CHAIN] },
);

/** `token` of a response. */
export const TokenField = t.UnionEnum([...TOKEN_SYMBOLS], { description: "The token paid in, by symbol.", examples: [DEFAULT_TOKEN] });

const ENABLED_NOTE =
  "Only the pairs enabled on this service for the key's mode are accepted; any other value is 400 `parameter_invalid` with this `param`, and the message names the allowed pairs (today: `base`/`USDC` in both modes).";

/**
 * A request's `chain`: a string (the type is the schema's check), documented as the known names.
 * `enum` is not a string keyword TypeBox validates, so a name outside it reaches chain/pairs.ts,
 * whose answer names the allowed pairs.
 */
export function chainParam(what: string) {
  return t.Optional(t.String({ enum: [...CHAIN_NAMES], description: `${what} ${ENABLED_NOTE}`, examples: [DEFAULT_CHAIN] }));
}

/** A request's `token` (see chainParam). */
export function tokenParam(what: string) {
  return t.Optional(t.String({ enum: [...TOKEN_SYMBOLS], description: `${what} ${ENABLED_NOTE}`, examples: [DEFAULT_TOKEN] }));
}
