// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MerchantAccountV2} from "./MerchantAccountV2.sol";

/// @title MerchantAccountFactoryV2
/// @notice Creates v2 merchant accounts with CREATE2. It has no constructor arguments and no
///         state, and is itself deployed through the deterministic deployment proxy
///         (0x4e59b44847b379578588920cA78FbF26c0B4956C) with a fixed salt, so it sits at the same
///         address on every chain; an account's address then depends only on the salt and its
///         chain-independent settings, and is the same on every chain too.
///
///         Anyone may create an account. The address commits to every setting (owner, operator,
///         payout address, fee recipient, fee rate), so whoever sends the transaction, the
///         account that appears at a given address is the one its merchant agreed to: the service
///         can create it lazily on a new chain, and the merchant can create it without the service
///         (e.g. to reach funds paid on a chain the service never deployed to). An account with
///         other settings lands at another address, one nobody was told to pay.
contract MerchantAccountFactoryV2 {
    event AccountCreated(
        bytes32 indexed salt,
        address indexed account,
        address indexed owner,
        address operator,
        address payoutAddress,
        address feeRecipient,
        uint16 feeRateBps
    );

    /// @dev Same selectors as MerchantAccountV2's, so the factory's ABI decodes the account's reverts.
    error ZeroAddress();
    error InvalidFeeRate();
    error SelfTransfer();

    /// @notice Deploys a merchant account. Reverts if that account (same salt and settings) exists.
    function createAccount(
        bytes32 salt,
        address owner,
        address operator,
        address payoutAddress,
        address feeRecipient,
        uint16 feeRateBps
    ) external returns (address account) {
        account = address(
            new MerchantAccountV2{salt: salt}(owner, operator, payoutAddress, feeRecipient, feeRateBps)
        );
        emit AccountCreated(salt, account, owner, operator, payoutAddress, feeRecipient, feeRateBps);
    }

    /// @notice The address createAccount deploys to with these arguments, on any chain.
    function predictAddress(
        bytes32 salt,
        address owner,
        address operator,
        address payoutAddress,
        address feeRecipient,
        uint16 feeRateBps
    ) external view returns (address) {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(
                type(MerchantAccountV2).creationCode,
                abi.encode(owner, operator, payoutAddress, feeRecipient, feeRateBps)
            )
        );
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
