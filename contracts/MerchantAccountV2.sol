// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @dev The only ERC-20 read the account needs. Transfers go through a low-level call (see
///      _safeTransfer) so that tokens returning nothing (USDT on Ethereum) work too.
interface IERC20BalanceOf {
    function balanceOf(address account) external view returns (uint256);
}

/// @title MerchantAccountV2
/// @notice One per merchant, at the same address on every chain: the creation code holds only
///         chain-independent settings (owner, operator, payout address, fee recipient, fee rate),
///         and tokens are named per call, so the CREATE2 address from the v2 factory (itself at
///         one address everywhere) is the same wherever the account is created.
///
///         The merchant's `owner` key controls it. The service holds the `operator` role, which
///         can do exactly three things, each bounded by this contract:
///           1. collect the platform fee in a token: at most `feeRateBps` of what the account
///              received in that token, at most once per payment reference;
///           2. withdraw a token to `payoutAddress`, which only the owner can change;
///           3. refund to any address from a refund budget the owner granted per token: at most
///              the budget in any 24 hours, until the budget's end, revocable by the owner at once.
///         Besides, anyone may submit a refund the owner signed (EIP-712), paid once per refund id
///         and never after its deadline. Tokens leave this account in no other way.
///
///         Accounting per token: received = balance + withdrawn + fees + refunded.
contract MerchantAccountV2 {
    uint16 private constant BPS_DENOMINATOR = 10_000;

    /// @notice The refund budget's window: the operator never refunds more than the budget in any
    ///         window of this length.
    uint256 public constant BUDGET_WINDOW = 24 hours;
    /// @notice Budget refunds are recorded per bucket of this length (one ring slot each).
    uint256 public constant BUDGET_BUCKET = 1 hours;
    /// @dev Any window of 24 h touches at most 25 one-hour buckets: a refund in bucket b is
    ///      checked against the sum of buckets b-24 .. b (a window of 24 to 25 hours), which holds
    ///      every earlier refund of any 24-hour window ending at it.
    uint256 private constant BUCKETS = 25;

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("StablePay MerchantAccount");
    bytes32 private constant VERSION_HASH = keccak256("2");
    /// @notice The refund the owner signs. The domain adds the chain id and this account's address.
    bytes32 public constant REFUND_TYPEHASH = keccak256(
        "Refund(bytes32 refundId,bytes32 ref,address token,address to,uint256 amount,uint256 deadline)"
    );
    /// @dev secp256k1n / 2: signatures with a larger s are the malleable twin and are refused.
    uint256 private constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    /// @notice Where platform fees go, in every token. Fixed at creation, like the fee rate.
    address public immutable feeRecipient;
    /// @notice Platform fee in basis points (100 = 1%).
    uint16 public immutable feeRateBps;

    address public owner;
    /// @notice The service. address(0) means the owner has revoked it.
    address public operator;
    address public payoutAddress;

    /// @notice Per token: fees sent to `feeRecipient`.
    mapping(address => uint256) public feesCollected;
    /// @notice Per token: the payment amounts fees were collected on. Never exceeds totalReceived(token).
    mapping(address => uint256) public claimedTotal;
    /// @notice Per token: amounts withdrawn to the payout address.
    mapping(address => uint256) public totalWithdrawn;
    /// @notice Per token: amounts refunded (signed and by budget).
    mapping(address => uint256) public totalRefunded;
    /// @notice Payment references (keccak256 of the ledger's transaction id) already charged.
    mapping(bytes32 => bool) public feeCollected;
    /// @notice Refund ids already paid or cancelled by the owner, whichever way they were paid.
    mapping(bytes32 => bool) public refundUsed;

    struct RefundBudget {
        /// Most the operator may refund in any 24 hours. Zero: no budget.
        uint128 amountPer24h;
        /// Last second (unix time, inclusive) the budget can be used.
        uint64 until;
    }

    /// @notice The owner's refund budget per token.
    mapping(address => RefundBudget) public refundBudget;

    /// @dev Budget refunds of the last 25 buckets: `spent` is the sum of the live ring slots,
    ///      `live` has bit (i % 25) set when bucket i (lastBucket-24 <= i <= lastBucket) holds an
    ///      amount in ring slot i % 25. Kept across grants and revocations, so re-granting never
    ///      forgets what was refunded.
    struct BudgetWindow {
        uint128 spent;
        uint64 lastBucket;
        uint32 live;
    }

    mapping(address => BudgetWindow) private _window;
    mapping(address => uint256[BUCKETS]) private _buckets;

    event FeeCollected(
        bytes32 indexed ref, address indexed token, uint256 paymentAmount, uint256 fee, address recipient
    );
    event Withdrawn(bytes32 indexed ref, address indexed token, address indexed to, uint256 amount, address by);
    /// @param by who authorized it: the owner who signed it, or the operator spending the budget.
    event Refunded(
        bytes32 indexed refundId, bytes32 indexed ref, address indexed token, address to, uint256 amount, address by
    );
    event RefundCancelled(bytes32 indexed refundId);
    event BudgetGranted(address indexed token, uint256 amountPer24h, uint256 until);
    event BudgetRevoked(address indexed token);
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
    error RefundAlreadyUsed();
    error Expired();
    error BadSignature();
    error NoBudget();
    error OverBudget();
    /// @dev A payout or refund recipient that is this account: a transfer to itself moves
    ///      nothing, yet would count as money gone out and so raise totalReceived, and with it
    ///      the fee cap (collectFee never charges more than fee rate x totalReceived). The
    ///      constructor needs no such check: the address commits to the settings, so no setting
    ///      can name the account it creates.
    error SelfTransfer();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier onlyOperator() {
        // A revoked operator is address(0), which can never be msg.sender.
        if (msg.sender != operator) revert NotOperator();
        _;
    }

    /// @dev Every argument is the same on every chain; nothing here may depend on the chain.
    constructor(address owner_, address operator_, address payoutAddress_, address feeRecipient_, uint16 feeRateBps_) {
        if (owner_ == address(0) || payoutAddress_ == address(0) || feeRecipient_ == address(0)) revert ZeroAddress();
        if (feeRateBps_ > BPS_DENOMINATOR) revert InvalidFeeRate();
        // operator_ may be zero: an account created without a service is simply self-managed.
        feeRecipient = feeRecipient_;
        feeRateBps = feeRateBps_;
        owner = owner_;
        operator = operator_;
        payoutAddress = payoutAddress_;
        emit OwnershipTransferred(address(0), owner_);
        emit OperatorChanged(address(0), operator_);
        emit PayoutAddressChanged(address(0), payoutAddress_);
    }

    // ---------------------------------------------------------------------------------------
    // Accounting

    /// @notice Everything this account has ever received in `token`: what it still holds plus
    ///         what has left it through this contract. Never decreases.
    function totalReceived(address token) public view returns (uint256) {
        return IERC20BalanceOf(token).balanceOf(address(this)) + totalWithdrawn[token] + feesCollected[token]
            + totalRefunded[token];
    }

    // ---------------------------------------------------------------------------------------
    // Operator: fees and withdrawals

    /// @notice Charges the platform fee on one received payment in `token`.
    /// @param ref keccak256 of the ledger's transaction id; each ref can be charged once.
    /// @return fee round_half_up(paymentAmount * feeRateBps / 10000), the ledger's rule.
    function collectFee(address token, bytes32 ref, uint256 paymentAmount) external onlyOperator returns (uint256 fee) {
        if (feeCollected[ref]) revert AlreadyCollected();
        uint256 received = totalReceived(token);
        uint256 claimed = claimedTotal[token];
        // Written without `claimed + paymentAmount` so a huge amount reverts with ExceedsReceived.
        if (paymentAmount > received || claimed > received - paymentAmount) revert ExceedsReceived();

        fee = (paymentAmount * feeRateBps + BPS_DENOMINATOR / 2) / BPS_DENOMINATOR;

        feeCollected[ref] = true;
        claimedTotal[token] = claimed + paymentAmount;
        feesCollected[token] += fee;

        // Skip zero transfers: some tokens reject them, and there is nothing to move.
        if (fee != 0) _safeTransfer(token, feeRecipient, fee);
        emit FeeCollected(ref, token, paymentAmount, fee, feeRecipient);
    }

    /// @notice Sends `amount` of `token` to the payout address, the only destination there is.
    /// @param ref an identifier of the payout (e.g. keccak256 of a settlement id), for the record.
    function withdraw(address token, bytes32 ref, uint256 amount) external {
        if (msg.sender != operator && msg.sender != owner) revert NotAuthorized();
        address to = payoutAddress;
        totalWithdrawn[token] += amount;
        _safeTransfer(token, to, amount);
        emit Withdrawn(ref, token, to, amount, msg.sender);
    }

    // ---------------------------------------------------------------------------------------
    // Refunds

    /// @notice Pays a refund the owner signed (EIP-712 `Refund`, domain of this account on this
    ///         chain). Anyone may submit it. Paid once per refund id, never after `deadline`, and
    ///         only while the signer is still the owner.
    function refund(
        bytes32 refundId,
        bytes32 ref,
        address token,
        address to,
        uint256 amount,
        uint256 deadline,
        bytes calldata signature
    ) external {
        if (refundUsed[refundId]) revert RefundAlreadyUsed();
        if (block.timestamp > deadline) revert Expired();
        if (to == address(0)) revert ZeroAddress();
        address signer = _recover(refundDigest(refundId, ref, token, to, amount, deadline), signature);
        if (signer != owner) revert BadSignature();
        _payRefund(refundId, ref, token, to, amount, signer);
    }

    /// @notice Refunds from the owner's budget for `token`: the operator may send to any address,
    ///         but never more than the budget in any 24 hours, and only until the budget ends.
    function refundFromBudget(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount)
        external
        onlyOperator
    {
        if (refundUsed[refundId]) revert RefundAlreadyUsed();
        if (to == address(0)) revert ZeroAddress();
        RefundBudget memory budget = refundBudget[token];
        if (budget.amountPer24h == 0 || block.timestamp > budget.until) revert NoBudget();

        uint256 bucket = block.timestamp / BUDGET_BUCKET;
        BudgetWindow memory w = _windowAt(token, bucket);
        // A lowered budget may already be exceeded by what the window holds.
        if (w.spent > budget.amountPer24h || amount > budget.amountPer24h - w.spent) revert OverBudget();

        uint256 slot = bucket % BUCKETS;
        uint32 bit = uint32(1 << slot);
        if (w.live & bit != 0) {
            _buckets[token][slot] += amount;
        } else {
            // Overwrites an expired bucket in place (cheaper than clearing it when it expired).
            _buckets[token][slot] = amount;
            w.live |= bit;
        }
        // amount <= amountPer24h - spent, so the sum stays within uint128.
        w.spent += uint128(amount);
        _window[token] = w;

        _payRefund(refundId, ref, token, to, amount, msg.sender);
    }

    /// @notice What the operator may still refund in `token` now, by the budget's rule.
    function refundBudgetAvailable(address token) external view returns (uint256) {
        RefundBudget memory budget = refundBudget[token];
        if (budget.amountPer24h == 0 || block.timestamp > budget.until) return 0;
        uint256 spent = _windowAt(token, block.timestamp / BUDGET_BUCKET).spent;
        return spent >= budget.amountPer24h ? 0 : budget.amountPer24h - spent;
    }

    /// @notice The EIP-712 domain separator of this account on this chain (computed per call, so
    ///         the creation code holds nothing chain-specific).
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    /// @notice The EIP-712 digest the owner signs for a refund.
    function refundDigest(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount, uint256 deadline)
        public
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(REFUND_TYPEHASH, refundId, ref, token, to, amount, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    // ---------------------------------------------------------------------------------------
    // Owner

    /// @notice Lets the operator refund up to `amountPer24h` of `token` in any 24 hours, until
    ///         `until` (inclusive). Replaces the previous grant; what was already refunded still
    ///         counts in the window.
    function grantRefundBudget(address token, uint128 amountPer24h, uint64 until) external onlyOwner {
        if (token == address(0)) revert ZeroAddress();
        refundBudget[token] = RefundBudget(amountPer24h, until);
        emit BudgetGranted(token, amountPer24h, until);
    }

    /// @notice Ends the operator's refund budget for `token` at once.
    function revokeRefundBudget(address token) external onlyOwner {
        delete refundBudget[token];
        emit BudgetRevoked(token);
    }

    /// @notice Makes a refund id unusable (e.g. withdraws a signed refund before its deadline).
    function cancelRefund(bytes32 refundId) external onlyOwner {
        if (refundUsed[refundId]) revert RefundAlreadyUsed();
        refundUsed[refundId] = true;
        emit RefundCancelled(refundId);
    }

    function setPayoutAddress(address newPayoutAddress) external onlyOwner {
        if (newPayoutAddress == address(0)) revert ZeroAddress();
        if (newPayoutAddress == address(this)) revert SelfTransfer();
        emit PayoutAddressChanged(payoutAddress, newPayoutAddress);
        payoutAddress = newPayoutAddress;
    }

    /// @notice Replaces the service. address(0) revokes it: no more fees, operator withdrawals or
    ///         budget refunds; the owner keeps full control.
    function setOperator(address newOperator) external onlyOwner {
        emit OperatorChanged(operator, newOperator);
        operator = newOperator;
    }

    /// @notice Also voids every refund the old owner signed and nobody submitted yet.
    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    // ---------------------------------------------------------------------------------------
    // Internals

    function _payRefund(bytes32 refundId, bytes32 ref, address token, address to, uint256 amount, address by)
        private
    {
        if (to == address(this)) revert SelfTransfer();
        refundUsed[refundId] = true;
        totalRefunded[token] += amount;
        _safeTransfer(token, to, amount);
        emit Refunded(refundId, ref, token, to, amount, by);
    }

    /// @dev The window as it stands in `bucket`: buckets older than bucket-24 dropped. Moving from
    ///      lastBucket to bucket one step at a time, step i drops bucket i-25, whose ring slot is
    ///      i % 25 (live only if that bucket holds a refund).
    function _windowAt(address token, uint256 bucket) private view returns (BudgetWindow memory w) {
        w = _window[token];
        if (bucket >= uint256(w.lastBucket) + BUCKETS) {
            w.spent = 0;
            w.live = 0;
        } else {
            for (uint256 i = uint256(w.lastBucket) + 1; i <= bucket; i++) {
                uint32 bit = uint32(1 << (i % BUCKETS));
                if (w.live & bit != 0) {
                    w.spent -= uint128(_buckets[token][i % BUCKETS]);
                    w.live &= ~bit;
                }
            }
        }
        w.lastBucket = uint64(bucket);
    }

    /// @dev ECDSA over a 65-byte (r, s, v) signature; address(0) for anything malformed.
    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_N || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// @dev Accepts tokens that return true and tokens that return nothing (USDT-style); rejects a
    ///      false return, a revert, and an address without code (a call to it would "succeed" and
    ///      book a transfer that never happened, inflating totalReceived once a token appears there).
    function _safeTransfer(address token, address to, uint256 amount) private {
        if (token.code.length == 0) revert TransferFailed();
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (!ok || (data.length != 0 && (data.length < 32 || !abi.decode(data, (bool))))) revert TransferFailed();
    }
}
