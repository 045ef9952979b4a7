// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestGasBurningWallet
/// @notice A hostile smart-contract wallet for tests: its ERC-1271 check accepts its owner's signature
///         of the hash, as TestContractWallet does, after burning gas. A token checking a contract
///         payer's signature forwards all its gas to it (FiatToken v2.2 does), so a relayer that sizes
///         the relay from an uncapped estimate pays for whatever this burns.
///         - `rounds` > 0: a fixed amount of work (about 100 gas a round) before answering;
///         - `rounds` == 0: burns everything it is given but 60,000 gas, so any gas limit is used up.
/// @dev Tests only.
contract TestGasBurningWallet {
    address public immutable owner;
    uint256 public immutable rounds;

    constructor(address owner_, uint256 rounds_) {
        owner = owner_;
        rounds = rounds_;
    }

    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4) {
        bytes32 x = hash;
        if (rounds > 0) {
            for (uint256 i = 0; i < rounds; i++) x = keccak256(abi.encode(x, i));
        } else {
            for (uint256 i = 0; gasleft() > 60_000; i++) x = keccak256(abi.encode(x, i));
        }
        if (x == bytes32(0) || signature.length != 65) return 0xffffffff;
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
