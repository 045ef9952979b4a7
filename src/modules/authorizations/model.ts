/** OpenAPI schemas of payment by signature: the typed data answer, the submission body and its answer. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";

const EX_INTENT = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
const EX_PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EX_TO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const EX_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const EX_NONCE = "0x3f1c0e5b5e3d8a5c0f6a7b1d2e9c4b8a7f6e5d4c3b2a19081726354453627180";
const EX_HASH = "0x8f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b";
const Field = t.Object({ name: t.String(), type: t.String() });

export const TransferAuthorizationSchema = t.Object(
  {
    object: t.Literal("transfer_authorization"),
    typed_data: t.Object(
      {
        domain: t.Object({ name: t.String(), version: t.String(), chainId: t.Integer(), verifyingContract: t.String() }, { description: "The token's EIP-712 domain, read from the token." }),
        types: t.Object({ EIP712Domain: t.Array(Field), TransferWithAuthorization: t.Array(Field) }),
        primaryType: t.Literal("TransferWithAuthorization"),
        message: t.Object(
          {
            from: t.String({ description: "The payer." }),
            to: t.String({ description: "The intent's payment_address (the merchant's account)." }),
            value: t.String({ description: "The intent's amount in base units, a decimal string." }),
            validAfter: t.String({ description: "Unix seconds, a decimal string." }),
            validBefore: t.String({ description: "Unix seconds, a decimal string: the intent's expiry." }),
            nonce: t.String({ description: "bytes32, 0x-hex: derived from the intent and the payer." }),
          },
          { additionalProperties: false },
        ),
      },
      { description: "Pass as the second parameter of `eth_signTypedData_v4` (JSON.stringify)." },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        object: "transfer_authorization",
        typed_data: {
          domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: EX_USDC },
          types: {
            EIP712Domain: [
              { name: "name", type: "string" },
              { name: "version", type: "string" },
              { name: "chainId", type: "uint256" },
              { name: "verifyingContract", type: "address" },
            ],
            TransferWithAuthorization: [
              { name: "from", type: "address" },
              { name: "to", type: "address" },
              { name: "value", type: "uint256" },
              { name: "validAfter", type: "uint256" },
              { name: "validBefore", type: "uint256" },
              { name: "nonce", type: "bytes32" },
            ],
          },
          primaryType: "TransferWithAuthorization",
          message: { from: EX_PAYER, to: EX_TO, value: "12500000", validAfter: "0", validBefore: "1775045100", nonce: EX_NONCE },
        },
      },
    ],
  },
);

export const SubmitAuthorizationBody = t.Object(
  {
    payer: t.String({ description: "The address that signed (`typed_data.message.from`).", examples: [EX_PAYER] }),
    signature: t.String({ description: "The signature from `eth_signTypedData_v4`, 0x-hex (65 bytes for an account; a contract wallet's may be longer).", examples: [`0x${"1b".repeat(65)}`] }),
    valid_after: t.String({ description: "`typed_data.message.validAfter`, a decimal string.", examples: ["0"] }),
    valid_before: t.String({ description: "`typed_data.message.validBefore`, a decimal string; no later than the intent's expiry.", examples: ["1775045100"] }),
    nonce: t.String({ description: "`typed_data.message.nonce`, 0x-hex.", examples: [EX_NONCE] }),
  },
  { additionalProperties: false },
);

export const AuthorizationSubmissionSchema = t.Object(
  {
    object: t.Literal("transfer_authorization_submission"),
    payment_intent_id: t.String(),
    status: t.Union([t.Literal("submitted"), t.Literal("mined"), t.Literal("superseded"), t.Literal("cancelled"), t.Literal("reverted")], {
      description:
        "`mined`: the relay is in a block (the intent confirms once the block has its confirmations). `submitted`: sent, not mined within the answer's wait; never a failure. `superseded`: someone else sent the same authorization first; the intent confirms from their transaction. `cancelled`: the payer cancelled the authorization on chain before the relay was mined; nothing was paid. `reverted`: the relay was mined and failed.",
    }),
    tx_hash: t.String({ description: "The operator's relay transaction." }),
  },
  { additionalProperties: false, examples: [{ object: "transfer_authorization_submission", payment_intent_id: EX_INTENT, status: "mined", tx_hash: EX_HASH }] },
);

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["TransferAuthorization", TransferAuthorizationSchema],
  ["TransferAuthorizationSubmission", AuthorizationSubmissionSchema],
] as const) named(name, schema);
