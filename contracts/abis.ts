// Hand-written ABIs of our contracts, for the service and the Ponder indexer: here, beside the
// Solidity they describe, so both import them from one neutral place.
//
// They are literal (`parseAbi` over string constants) so viem and Ponder infer argument and event
// types. test/contracts.test.ts checks that every entry here exists, identically, in the ABI solc
// produces from contracts/*.sol, so these cannot drift from the deployed code.
// Deployment uses the compiled ABIs and bytecode instead (see artifacts.ts).

import { parseAbi } from "viem";

/** USDC as the service uses it. On the sandbox chain this is TestUSDC; on Base, Circle's USDC. */
export const usdcAbi = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address account) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function approve(address spender, uint256 value) returns (bool)",
  "function transferFrom(address from, address to, uint256 value) returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
]);

/**
 * EIP-3009 as Circle's FiatToken v2.2 has it (USDC on Base, Ethereum, Arbitrum, Optimism, Polygon):
 * the EIP-712 domain, the type hashes, the authorization state and events, and both forms of each
 * call (v, r, s for an account; bytes for any signature, ERC-1271 for a contract wallet).
 */
export const eip3009Abi = parseAbi([
  "function version() pure returns (string)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)",
  "function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns (bytes32)",
  "function CANCEL_AUTHORIZATION_TYPEHASH() view returns (bytes32)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function cancelAuthorization(address authorizer, bytes32 nonce, bytes signature)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
  "event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce)",
]);

/** The tests' ERC-1271 wallet (contracts/TestContractWallet.sol). */
export const testContractWalletAbi = parseAbi([
  "function owner() view returns (address)",
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);

/**
 * The sandbox token, TestUSDC: usdcAbi plus EIP-3009 (eip3009Abi) and the open faucet and its revert reasons. Kept apart
 * because Circle's USDC has neither (its `mint` is restricted and has another signature).
 */
export const testUsdcAbi = [
  ...usdcAbi,
  ...eip3009Abi,
  ...parseAbi([
    "function mint(address to, uint256 amount)",
    "error InsufficientBalance()",
    "error InsufficientAllowance()",
    "error ZeroAddress()",
  ]),
] as const;

export const merchantAccountAbi = parseAbi([
  // Configuration and roles
  "function token() view returns (address)",
  "function feeRecipient() view returns (address)",
  "function feeRateBps() view returns (uint16)",
  "function owner() view returns (address)",
  "function operator() view returns (address)",
  "function payoutAddress() view returns (address)",
  // Accounting
  "function totalReceived() view returns (uint256)",
  "function feesCollected() view returns (uint256)",
  "function claimedTotal() view returns (uint256)",
  "function totalWithdrawn() view returns (uint256)",
  "function feeCollected(bytes32) view returns (bool)",
  // Operator
  "function collectFee(bytes32 ref, uint256 paymentAmount) returns (uint256 fee)",
  "function withdraw(bytes32 ref, uint256 amount)",
  // Owner
  "function setPayoutAddress(address newPayoutAddress)",
  "function setOperator(address newOperator)",
  "function transferOwnership(address newOwner)",
  // Events
  "event FeeCollected(bytes32 indexed ref, uint256 paymentAmount, uint256 fee, address recipient)",
  "event Withdrawn(bytes32 indexed ref, address indexed to, uint256 amount, address by)",
  "event PayoutAddressChanged(address indexed previous, address indexed current)",
  "event OperatorChanged(address indexed previous, address indexed current)",
  "event OwnershipTransferred(address indexed previous, address indexed current)",
  // Errors
  "error NotOwner()",
  "error NotOperator()",
  "error NotAuthorized()",
  "error AlreadyCollected()",
  "error ExceedsReceived()",
  "error ZeroAddress()",
  "error InvalidFeeRate()",
  "error TransferFailed()",
]);

export const merchantAccountFactoryAbi = parseAbi([
  "function token() view returns (address)",
  "function operator() view returns (address)",
  "function feeRecipient() view returns (address)",
  "function createAccount(bytes32 salt, address owner, address payoutAddress, uint16 feeRateBps) returns (address account)",
  "function predictAddress(bytes32 salt, address owner, address payoutAddress, uint16 feeRateBps) view returns (address)",
  "event AccountCreated(bytes32 indexed salt, address indexed account, address indexed owner, address payoutAddress, uint16 feeRateBps)",
  "error NotOperator()",
  "error ZeroAddress()",
  "error InvalidFeeRate()",
]);

// ---------------------------------------------------------------------------------------------
// v2: not used by the service yet. See contracts/README.md.

/**
 * The sandbox's USDT: like Tether's USDT on Ethereum, `transfer`, `transferFrom` and `approve`
 * return nothing. Call it through this ABI (decoding a bool from them would fail).
 */
export const testUsdtAbi = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address account) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function transfer(address to, uint256 value)",
  "function approve(address spender, uint256 value)",
  "function transferFrom(address from, address to, uint256 value)",
  "function mint(address to, uint256 amount)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
  "error InsufficientBalance()",
  "error InsufficientAllowance()",
  "error ZeroAddress()",
]);

export const merchantAccountV2Abi = parseAbi([
  // Configuration and roles
  "function feeRecipient() view returns (address)",
  "function feeRateBps() view returns (uint16)",
  "function owner() view returns (address)",
  "function operator() view returns (address)",
  "function payoutAddress() view returns (address)",
  "function BUDGET_WINDOW() view returns (uint256)",
  "function BUDGET_BUCKET() view returns (uint256)",
  "function REFUND_TYPEHASH() view returns (bytes32)",
  // Accounting, per token
  "function totalReceived(address token) view returns (uint256)",
  "function feesCollected(address) view returns (uint256)",
  "function claimedTotal(address) view returns (uint256)",
  "function totalWithdrawn(address) view returns (uint256)",
  "function totalRefunded(address) view returns (uint256)",
  "function feeCollected(bytes32) view returns (bool)",
  "function refundUsed(bytes32) view returns (bool)",
  "function refundBudget(address) view returns (uint128 amountPer24h, uint64 until)",
  "function refundBudgetAvailable(address token) view returns (uint256)",
  "function domainSeparator() view returns (bytes32)",
  "function refundDigest(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount, uint256 deadline) view returns (bytes32)",
  // Operator
  "function collectFee(address token, bytes32 ref, uint256 paymentAmount) returns (uint256 fee)",
  "function withdraw(address token, bytes32 ref, uint256 amount)",
  "function refundFromBudget(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount)",
  // Anyone, with the owner's signature
  "function refund(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount, uint256 deadline, bytes signature)",
  // Owner
  "function grantRefundBudget(address token, uint128 amountPer24h, uint64 until)",
  "function revokeRefundBudget(address token)",
  "function cancelRefund(bytes32 refundId)",
  "function setPayoutAddress(address newPayoutAddress)",
  "function setOperator(address newOperator)",
  "function transferOwnership(address newOwner)",
  // Events
  "event FeeCollected(bytes32 indexed ref, address indexed token, uint256 paymentAmount, uint256 fee, address recipient)",
  "event Withdrawn(bytes32 indexed ref, address indexed token, address indexed to, uint256 amount, address by)",
  "event Refunded(bytes32 indexed refundId, bytes32 indexed ref, address indexed token, address to, uint256 amount, address by)",
  "event RefundCancelled(bytes32 indexed refundId)",
  "event BudgetGranted(address indexed token, uint256 amountPer24h, uint256 until)",
  "event BudgetRevoked(address indexed token)",
  "event PayoutAddressChanged(address indexed previous, address indexed current)",
  "event OperatorChanged(address indexed previous, address indexed current)",
  "event OwnershipTransferred(address indexed previous, address indexed current)",
  // Errors
  "error NotOwner()",
  "error NotOperator()",
  "error NotAuthorized()",
  "error AlreadyCollected()",
  "error ExceedsReceived()",
  "error ZeroAddress()",
  "error SelfTransfer()",
  "error InvalidFeeRate()",
  "error TransferFailed()",
  "error RefundAlreadyUsed()",
  "error Expired()",
  "error BadSignature()",
  "error NoBudget()",
  "error OverBudget()",
]);

export const merchantAccountFactoryV2Abi = parseAbi([
  "function createAccount(bytes32 salt, address owner, address operator, address payoutAddress, address feeRecipient, uint16 feeRateBps) returns (address account)",
  "function predictAddress(bytes32 salt, address owner, address operator, address payoutAddress, address feeRecipient, uint16 feeRateBps) view returns (address)",
  "event AccountCreated(bytes32 indexed salt, address indexed account, address indexed owner, address operator, address payoutAddress, address feeRecipient, uint16 feeRateBps)",
  "error ZeroAddress()",
  "error SelfTransfer()",
  "error InvalidFeeRate()",
]);

/**
 * A deposit address (contracts/DepositAddress.sol): an EIP-1167 clone whose only power is to sweep
 * its whole balance of a token to its owner, the merchant's account. Anyone may call `sweep`.
 */
export const depositAddressAbi = parseAbi([
  "function owner() view returns (address account)",
  "function sweep(address token) returns (uint256 amount)",
  "event Swept(address indexed token, address indexed to, uint256 amount)",
  "error NotADepositAddress()",
  "error NotAToken()",
  "error TransferFailed()",
]);

/** The deposit addresses' factory (contracts/DepositAddressFactory.sol): the same address on every chain. */
export const depositAddressFactoryAbi = parseAbi([
  "struct SweepItem { address owner; bytes32 intentRef; address token; }",
  "function implementation() view returns (address)",
  "function SWEEP_GAS() view returns (uint256)",
  "function DEPLOY_GAS() view returns (uint256)",
  "function predictAddress(address owner, bytes32 intentRef) view returns (address)",
  "function deploy(address owner, bytes32 intentRef) returns (address depositAddress)",
  "function sweep(address owner, bytes32 intentRef, address token) returns (uint256 amount)",
  "function sweepBatch(SweepItem[] items) returns (uint256 done)",
  "event DepositAddressDeployed(address indexed owner, bytes32 indexed intentRef, address indexed depositAddress)",
  "event SweepFailed(address indexed depositAddress, address indexed token)",
  "event SweepBatchIncomplete(uint256 done, uint256 total)",
  "error ZeroAddress()",
  "error DeployFailed()",
  // A deposit address's reverts, so that a sweep through the factory decodes them.
  "error NotADepositAddress()",
  "error NotAToken()",
  "error TransferFailed()",
]);

/** The tests' misbehaving token (contracts/TestHostileToken.sol). */
export const testHostileTokenAbi = parseAbi([
  "function mode() view returns (uint8)",
  "function setMode(uint8 newMode)",
  "function mint(address to, uint256 amount)",
  "function balanceOf(address account) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "error Refused()",
]);

/** The EIP-712 domain's own type, as `eth_signTypedData_v4` wants it listed (the fields of refundDomain). */
export const eip712DomainType = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

/** The EIP-712 types of the refund the owner signs (domain: see refundDomain in src/chain/account-v2.ts). */
export const refundTypes = {
  Refund: [
    { name: "refundId", type: "bytes32" },
    { name: "ref", type: "bytes32" },
    { name: "token", type: "address" },
    { name: "to", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;
