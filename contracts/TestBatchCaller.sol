// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestBatchCaller
/// @notice Calls one contract with several calldatas in one transaction, as a batch relayer or a
///         contract wallet's multicall does: for tests of several transfer authorizations submitted in
///         one transaction. Reverts if any call does.
/// @dev Tests only.
contract TestBatchCaller {
    function callAll(address target, bytes[] calldata calls) external {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory result) = target.call(calls[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 0x20), mload(result))
                }
            }
        }
    }
}
