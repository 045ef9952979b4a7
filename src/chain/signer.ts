/**
 * The operator's signer: the one interface every signature of the operator goes through. It is a
 * viem `LocalAccount` (an address, and signTransaction / signTypedData / signMessage): the shape
 * viem's `toAccount` builds from any signing backend, so a KMS or a remote signer plugs in by
 * returning one from `operatorSigner` below; nothing else in the service reads the key.
 *
 * Shipped: the local private key (OPERATOR_PRIVATE_KEY). A process without the key (the API and the
 * other roles that do not sign, in production) gets an address-only signer: it knows the
 * operator's address (for reads: balances, the address v2 accounts commit to, the indexer's
 * operator list) and refuses to sign, so a path that would sign in such a process fails loudly
 * instead of sending from nowhere. What such processes would have signed is handed to a signing
 * role through the database (modules/operator-jobs).
 *
 * A KMS signer, for example, is
 *
 *   toAccount({ address, signTransaction: (tx) => kms.sign(serializeTransaction(tx)) …,
 *               signTypedData: …, signMessage: … })
 *
 * with `address` the key's, returned from operatorSigner when its configuration is set. Transactions
 * are signed one at a time under the nonce authority's lock (operator-sender.ts): a remote signer
 * should answer within a second or two.
 */
import { getAddress, type Address, type Hex, type LocalAccount } from "viem";
import { privateKeyToAccount, toAccount } from "viem/accounts";
import { createNonceManager, jsonRpc } from "viem/nonce";
import type { Config } from "../config.ts";
import type { SqlOrTx } from "../db/client.ts";
import { latestOperator } from "./operators.ts";

export type OperatorSigner = LocalAccount;

/** Signers that only know their address (never sign). */
const addressOnly = new WeakSet<object>();

/** The local private key's signer. viem's nonce manager stays on it for tests and tools that send directly; the service sends through the nonce authority. */
export function localSigner(privateKey: Hex): OperatorSigner {
  return privateKeyToAccount(privateKey, { nonceManager: createNonceManager({ source: jsonRpc() }) });
}

/** A signer that knows the operator's address and refuses every signature (a process without the key). */
export function addressOnlySigner(address: Address): OperatorSigner {
  const refuse = async (): Promise<never> => {
    throw new Error(`this process holds no operator key (OPERATOR_PRIVATE_KEY): signing as ${address} is the signing roles' (settler, fee_collector)`);
  };
  const account = toAccount({ address: getAddress(address), signMessage: refuse, signTransaction: refuse, signTypedData: refuse });
  addressOnly.add(account);
  return account;
}

/** Whether this signer can sign (false: the address-only signer of a process without the key). */
export function canSign(signer: OperatorSigner): boolean {
  return !addressOnly.has(signer);
}

/**
 * The operator's signer of this process: the key when configured (its address must be OPERATOR_ADDRESS
 * when that is set too), else the address only: OPERATOR_ADDRESS, else `recorded` (the newest
 * operator address the signing roles recorded, app.chain_operators).
 */
export function operatorSigner(opts: { privateKey: Hex | undefined; address: Address | undefined; recorded: Address | undefined }): OperatorSigner {
  if (opts.privateKey) {
    const signer = localSigner(opts.privateKey);
    if (opts.address && getAddress(opts.address) !== signer.address)
      throw new Error(`OPERATOR_ADDRESS is ${getAddress(opts.address)}, but OPERATOR_PRIVATE_KEY is the key of ${signer.address}: set the one that belongs to the key, or leave OPERATOR_ADDRESS unset`);
    return signer;
  }
  const address = opts.address ?? opts.recorded;
  if (!address)
    throw new Error(
      "OPERATOR_ADDRESS is required in a process without OPERATOR_PRIVATE_KEY (the operator's address, public) until a signing role (settler, fee_collector) has started once and recorded it",
    );
  return addressOnlySigner(address);
}

/** operatorSigner from the configuration, for one chain (the database read only by a process without the key). */
export async function configuredSigner(config: Pick<Config, "operatorPrivateKey" | "operatorAddress">, sql: SqlOrTx, chainId: number): Promise<OperatorSigner> {
  const recorded = config.operatorPrivateKey || config.operatorAddress ? undefined : await latestOperator(sql, chainId);
  return operatorSigner({ privateKey: config.operatorPrivateKey, address: config.operatorAddress, recorded });
}
