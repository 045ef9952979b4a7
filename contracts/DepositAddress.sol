// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title DepositAddress
/// @notice The code behind every deposit address: a payment address of one payment intent whose
///         only power is to move its whole balance of a token to its owner, the merchant's account.
///         Anyone may call `sweep`: the destination is not an argument, so a caller (the operator,
///         the merchant, a stranger) chooses only when and which token, never where it goes.
///
/// @dev Never used directly. Each deposit address is an EIP-1167 minimal proxy created by
///      DepositAddressFactory with CREATE2, whose runtime code is the 45-byte proxy followed by the
///      owner's 20 bytes:
///
///          363d3d373d3d3d363d73 <this implementation> 5af43d82803e903d91602b57fd5bf3 <owner>
///
///      The proxy's own code stops at byte 44 (RETURN or REVERT), so the appended owner is data
///      that is never executed. Keeping the owner in the code rather than in storage means:
///        - the address commits to the owner (it is part of the init code), so no other owner can
///          ever appear at that address, on any chain;
///        - there is no initializer that someone could call first, and no storage write at
///          creation (no 22,100 gas for a fresh slot);
///        - nothing can change it later: there is no function that writes anything.
///      The proxy forwards everything to this implementation, which has no fallback and no
///      receive: any other call reverts, and native currency sent to a created deposit address is
///      refused (before creation an address accepts anything, like any address).
contract DepositAddress {
    /// @notice A sweep moved `amount` of `token` from this deposit address to `to`, its owner.
    event Swept(address indexed token, address indexed to, uint256 amount);

    /// @notice Called on the implementation itself: it has no owner to sweep to.
    error NotADepositAddress();
    /// @notice `token`'s balanceOf did not answer a balance (no code there, or not an ERC-20).
    error NotAToken();
    /// @notice The token refused the transfer (reverted or returned false).
    error TransferFailed();

    /// @dev Lets the code tell a delegated call from a proxy (address(this) is the proxy) from a
    ///      direct call to the implementation, whose "appended owner" would be its own last 20
    ///      bytes of code: tokens sent to the implementation by mistake must not go there.
    address private immutable self = address(this);

    /// @dev Offset of the owner in a deposit address's runtime code: right after the 45-byte proxy.
    uint256 private constant OWNER_OFFSET = 45;

    /// @notice The merchant's account every sweep pays: read from this deposit address's own code.
    function owner() public view returns (address account) {
        if (address(this) == self) revert NotADepositAddress();
        assembly ("memory-safe") {
            // 20 bytes into scratch space; the 12 bytes after them are shifted out.
            extcodecopy(address(), 0, OWNER_OFFSET, 20)
            account := shr(96, mload(0))
        }
    }

    /// @notice Moves this address's whole balance of `token` to its owner. Anyone may call it; a
    ///         zero balance does nothing (returns 0, emits nothing), so a repeated or an early sweep
    ///         is harmless.
    /// @dev Accepts tokens that return true and tokens that return nothing (USDT on Ethereum);
    ///      rejects a revert and a false return. The whole balance is read in the same call, so a
    ///      sweep can never leave part of it behind nor move more than is there.
    function sweep(address token) external returns (uint256 amount) {
        address to = owner();
        // balanceOf(address): a call to an address without code "succeeds" with no data, which
        // the length check refuses, so a typo in the token cannot pass for an empty balance.
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        if (!ok || data.length < 32) revert NotAToken();
        amount = abi.decode(data, (uint256));
        if (amount == 0) return 0;
        // transfer(address,uint256)
        (ok, data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (!ok || (data.length != 0 && (data.length < 32 || !abi.decode(data, (bool))))) revert TransferFailed();
        emit Swept(token, to, amount);
    }
}
