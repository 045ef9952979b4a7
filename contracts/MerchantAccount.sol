// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @dev The only ERC-20 functions the account needs. Kept local: the contracts have no dependencies.
interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title MerchantAccount
/// @notice One per merchant: the address every payment intent of that merchant is paid to. The
///         merchant's `owner` key controls it; the service holds the `operator` role, which can do
///         exactly two things:
///           1. collect the platform fee, at most `feeRateBps` of payments the account actually
///              received, and at most once per payment reference;
///           2. withdraw to `payoutAddress`, which only the owner can change.
///         Everything not collected as a fee stays here: it is the merchant's balance.
contract MerchantAccount {
    uint16 private constant BPS_DENOMINATOR = 10_000;

    /// @notice The token this account is paid in (USDC).
    IERC20Minimal public immutable token;
    /// @notice Where platform fees go. Fixed at creation, like the fee rate, so that the service
    ///         cannot redirect or raise fees after the merchant agreed to them.
    address public immutable feeRecipient;
    /// @notice Platform fee in basis points (100 = 1%).
    uint16 public immutable feeRateBps;

    address public owner;
    /// @notice The service. address(0) means the owner has revoked it.
    address public operator;
    address public payoutAddress;

    /// @notice Sum of fees sent to `feeRecipient`.
    uint256 public feesCollected;
    /// @notice Sum of the payment amounts that fees were collected on. Never exceeds totalReceived().
    uint256 public claimedTotal;
    /// @notice Sum of amounts withdrawn to the payout address.
    uint256 public totalWithdrawn;
    /// @notice Payment references (keccak256 of the ledger's transaction id) already charged.
    mapping(bytes32 => bool) public feeCollected;

    event FeeCollected(bytes32 indexed ref, uint256 paymentAmount, uint256 fee, address recipient);
    event Withdrawn(bytes32 indexed ref, address indexed to, uint256 amount, address by);
    event PayoutAddressChanged(address indexed previous, address indexed current);
    event OperatorChanged(address indexed previous, address indexed current);
    event OwnershipTransferred(address indexed previous, address indexed current);

    error NotOwner();
    error NotOperator();
    error NotAuthorized();
    error AlreadyCollected();
    error ExceedsReceived();
    error ZeroAddress();
    error InvalidFeeRate();
    error TransferFailed();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyOperator() {
        // A revoked operator is address(0), which can never be msg.sender.
        if (msg.sender != operator) revert NotOperator();
        _;
    }

    constructor(
        address token_,
        address owner_,
        address operator_,
        address payoutAddress_,
        address feeRecipient_,
        uint16 feeRateBps_
    ) {
        if (token_ == address(0) || owner_ == address(0) || payoutAddress_ == address(0) || feeRecipient_ == address(0)) {
            revert ZeroAddress();
        }
        if (feeRateBps_ > BPS_DENOMINATOR) revert InvalidFeeRate();
        // operator_ may be zero: an account created without a service is simply self-managed.
        token = IERC20Minimal(token_);
        feeRecipient = feeRecipient_;
        feeRateBps = feeRateBps_;
        owner = owner_;
        operator = operator_;
        payoutAddress = payoutAddress_;
        // Announce the initial roles so an indexer can follow them from the creation block on.
        emit OwnershipTransferred(address(0), owner_);
        emit OperatorChanged(address(0), operator_);
        emit PayoutAddressChanged(address(0), payoutAddress_);
    }

    /// @notice Everything this account has ever received in `token`: what it still holds plus
    ///         what has left it through this contract. Only withdraw and collectFee move tokens
    ///         out, so this never decreases.
    function totalReceived() public view returns (uint256) {
        return token.balanceOf(address(this)) + totalWithdrawn + feesCollected;
    }

    /// @notice Charges the platform fee on one received payment.
    /// @param ref keccak256 of the ledger's transaction id; each ref can be charged once.
    /// @param paymentAmount the received amount the fee is computed on.
    /// @return fee round_half_up(paymentAmount * feeRateBps / 10000), the ledger's rule.
    function collectFee(bytes32 ref, uint256 paymentAmount) external onlyOperator returns (uint256 fee) {
        if (feeCollected[ref]) revert AlreadyCollected();
        // The cap: the payments charged so far plus this one must all have actually arrived.
        // Written without `claimedTotal + paymentAmount` so a huge amount reverts with
        // ExceedsReceived rather than an overflow panic.
        uint256 received = totalReceived();
        if (paymentAmount > received || claimedTotal > received - paymentAmount) revert ExceedsReceived();

        fee = (paymentAmount * feeRateBps + BPS_DENOMINATOR / 2) / BPS_DENOMINATOR;

        feeCollected[ref] = true;
        claimedTotal += paymentAmount;
        feesCollected += fee;

        // Skip zero transfers: some tokens reject them, and there is nothing to move.
        if (fee != 0) _safeTransfer(feeRecipient, fee);
        emit FeeCollected(ref, paymentAmount, fee, feeRecipient);
    }

    /// @notice Sends `amount` to the payout address, the only destination there is.
    /// @param ref an identifier of the payout (e.g. keccak256 of a settlement id), for the record.
    function withdraw(bytes32 ref, uint256 amount) external {
        if (msg.sender != operator && msg.sender != owner) revert NotAuthorized();
        address to = payoutAddress;
        totalWithdrawn += amount;
        _safeTransfer(to, amount);
        emit Withdrawn(ref, to, amount, msg.sender);
    }

    function setPayoutAddress(address newPayoutAddress) external onlyOwner {
        if (newPayoutAddress == address(0)) revert ZeroAddress();
        emit PayoutAddressChanged(payoutAddress, newPayoutAddress);
        payoutAddress = newPayoutAddress;
    }

    /// @notice Replaces the service. address(0) revokes it: no more fee collection or operator
    ///         withdrawals; the owner keeps full control.
    function setOperator(address newOperator) external onlyOwner {
        emit OperatorChanged(operator, newOperator);
        operator = newOperator;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    /// @dev Accepts tokens that return true, and tokens that return nothing (USDT-style); rejects
    ///      a false return or a revert. The token's own revert reason is replaced by TransferFailed.
    function _safeTransfer(address to, uint256 amount) private {
        (bool ok, bytes memory data) =
            address(token).call(abi.encodeWithSelector(IERC20Minimal.transfer.selector, to, amount));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TransferFailed();
    }
}
