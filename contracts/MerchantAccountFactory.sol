// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MerchantAccount} from "./MerchantAccount.sol";

/// @title MerchantAccountFactory
/// @notice Creates merchant accounts with CREATE2, so the service knows (and can show) a
///         merchant's payment address before the account exists, and the address depends only on
///         the salt and the account's settings.
contract MerchantAccountFactory {
    address public immutable token;
    /// @notice The service: it creates accounts and is the operator of every account it creates.
    address public immutable operator;
    address public immutable feeRecipient;

    event AccountCreated(
        bytes32 indexed salt, address indexed account, address indexed owner, address payoutAddress, uint16 feeRateBps
    );

    error NotOperator();
    error ZeroAddress();
    /// @dev Same selector as MerchantAccount's; checked here too so the factory's ABI can decode it.
    error InvalidFeeRate();

    constructor(address token_, address operator_, address feeRecipient_) {
        if (token_ == address(0) || operator_ == address(0) || feeRecipient_ == address(0)) revert ZeroAddress();
        token = token_;
        operator = operator_;
        feeRecipient = feeRecipient_;
    }

    /// @notice Deploys a merchant account. Only the operator may, so nobody can squat on a salt
    ///         or create accounts that charge fees to merchants who never agreed to them.
    ///         Reverts if an account with the same salt and settings already exists.
    function createAccount(bytes32 salt, address owner, address payoutAddress, uint16 feeRateBps)
        external
        returns (address account)
    {
        if (msg.sender != operator) revert NotOperator();
        if (feeRateBps > 10_000) revert InvalidFeeRate();
        // Zero owner or payout address: the account's constructor reverts with ZeroAddress, which
        // has the same selector as the factory's own.
        account = address(
            new MerchantAccount{salt: salt}(token, owner, operator, payoutAddress, feeRecipient, feeRateBps)
        );
        emit AccountCreated(salt, account, owner, payoutAddress, feeRateBps);
    }

    /// @notice The address createAccount would deploy to with these arguments.
    function predictAddress(bytes32 salt, address owner, address payoutAddress, uint16 feeRateBps)
        external
        view
        returns (address)
    {
        bytes32 initCodeHash = keccak256(
            abi.encodePacked(
                type(MerchantAccount).creationCode,
                abi.encode(token, owner, operator, payoutAddress, feeRecipient, feeRateBps)
            )
        );
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
