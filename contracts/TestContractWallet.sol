// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestContractWallet
/// @notice A minimal smart-contract wallet for tests: it accepts (ERC-1271) a signature its owner
///         made of the hash itself, as smart wallets that validate an owner's ECDSA signature do.
/// @dev Sandbox and tests only.
contract TestContractWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        return ecrecover(hash, v, r, s) == owner ? this.isValidSignature.selector : bytes4(0xffffffff);
    }
}
