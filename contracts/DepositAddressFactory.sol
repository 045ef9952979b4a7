// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {DepositAddress} from "./DepositAddress.sol";

/// @title DepositAddressFactory
/// @notice Creates deposit addresses (one per payment intent) and sweeps them into their owner,
///         the merchant's account. It has no constructor arguments and no state, and is deployed
///         through the deterministic deployment proxy (0x4e59b44847b379578588920cA78FbF26c0B4956C)
///         with a fixed salt, like MerchantAccountFactoryV2, so it sits at the same address on
///         every chain; its implementation is created by its constructor (CREATE from the factory,
///         nonce 1), so it too has one address everywhere. A deposit address is then
///
///             CREATE2(factory, keccak256(abi.encode(owner, intentRef)), clone init code(owner))
///
///         which depends on nothing but the owner and the intent's reference: the same on every
///         chain, known (and payable) before any code exists there.
///
///         Everything here is permissionless: deploying commits to nothing but the owner (the
///         address would hold exactly this code whoever created it), and sweeping only ever pays
///         the owner. Whoever sends the transaction pays its gas, and that is all they choose.
contract DepositAddressFactory {
    /// @notice The code every deposit address delegates to (created by the constructor).
    address public immutable implementation;

    /// @notice Gas forwarded to each sweep of a batch. It bounds what one token (or one deposit
    ///         address) can take from the batch: a token that reverts or burns gas fails its own
    ///         item (SweepFailed) and the batch goes on. A USDC or USDT sweep uses under 40,000.
    uint256 public constant SWEEP_GAS = 150_000;
    /// @notice Gas kept for creating a deposit address in a batch (measured: ~47,000).
    uint256 public constant DEPLOY_GAS = 60_000;
    /// @dev The batch's own work per item around the sweep (decoding, the call, events).
    uint256 private constant ITEM_OVERHEAD = 15_000;

    /// @notice A deposit address was created.
    event DepositAddressDeployed(address indexed owner, bytes32 indexed intentRef, address indexed depositAddress);
    /// @notice One item of a batch failed (the token reverted, returned false or has no code);
    ///         the batch went on. Nothing moved for this item.
    event SweepFailed(address indexed depositAddress, address indexed token);
    /// @notice A batch stopped before its end because the transaction's gas was running out:
    ///         items from `done` on were not attempted (send them again).
    event SweepBatchIncomplete(uint256 done, uint256 total);

    error ZeroAddress();
    error DeployFailed();
    /// @dev DepositAddress's errors, declared here too so that the factory's ABI decodes the
    ///      reverts of a sweep sent through it.
    error NotADepositAddress();
    error NotAToken();
    error TransferFailed();

    /// @notice One deposit address (by its owner and intent) and one token to sweep it of.
    struct SweepItem {
        address owner;
        bytes32 intentRef;
        address token;
    }

    constructor() {
        implementation = address(new DepositAddress());
    }

    /// @notice The deposit address of an intent, on any chain, whether or not it exists yet.
    function predictAddress(address owner, bytes32 intentRef) public view returns (address) {
        bytes32 initCodeHash = keccak256(_initCode(owner));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), _salt(owner, intentRef), initCodeHash)))));
    }

    /// @notice Creates the deposit address of an intent, unless it exists already (then returns it).
    function deploy(address owner, bytes32 intentRef) public returns (address depositAddress) {
        depositAddress = predictAddress(owner, intentRef);
        if (depositAddress.code.length == 0) _deploy(owner, intentRef);
    }

    /// @notice Creates the deposit address if needed, then sweeps its whole balance of `token`
    ///         to `owner`. Reverts if the sweep does (see DepositAddress.sweep).
    function sweep(address owner, bytes32 intentRef, address token) external returns (uint256 amount) {
        return DepositAddress(deploy(owner, intentRef)).sweep(token);
    }

    /// @notice Creates (where needed) and sweeps many deposit addresses in one transaction. Each
    ///         item is isolated: a failing sweep emits SweepFailed and the batch goes on. Bounded
    ///         by the transaction's gas: before each item it checks that the item's worst case
    ///         still fits, and otherwise stops (SweepBatchIncomplete), so a batch too long for its
    ///         gas limit sweeps a prefix instead of reverting all of it.
    /// @return done How many items were attempted (swept, empty or failed), from the first.
    function sweepBatch(SweepItem[] calldata items) external returns (uint256 done) {
        uint256 total = items.length;
        for (; done < total; ++done) {
            SweepItem calldata item = items[done];
            address depositAddress = predictAddress(item.owner, item.intentRef);
            bool create = depositAddress.code.length == 0;
            // 64/63: a call forwards at most 63/64 of what is left (EIP-150), and the sweep must
            // get all of SWEEP_GAS, or a legitimate sweep could fail for want of gas and be
            // reported as the token's failure.
            uint256 need = (create ? DEPLOY_GAS : 0) + (SWEEP_GAS * 64) / 63 + ITEM_OVERHEAD;
            if (gasleft() < need) {
                emit SweepBatchIncomplete(done, total);
                return done;
            }
            if (create) _deploy(item.owner, item.intentRef);
            try DepositAddress(depositAddress).sweep{gas: SWEEP_GAS}(item.token) returns (uint256) {}
            catch {
                emit SweepFailed(depositAddress, item.token);
            }
        }
    }

    function _deploy(address owner, bytes32 intentRef) private {
        // An owner of zero would make an address whose tokens no sweep could deliver.
        if (owner == address(0)) revert ZeroAddress();
        bytes memory initCode = _initCode(owner);
        bytes32 salt = _salt(owner, intentRef);
        address depositAddress;
        assembly ("memory-safe") {
            depositAddress := create2(0, add(initCode, 0x20), mload(initCode), salt)
        }
        if (depositAddress == address(0)) revert DeployFailed();
        emit DepositAddressDeployed(owner, intentRef, depositAddress);
    }

    function _salt(address owner, bytes32 intentRef) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, intentRef));
    }

    /// @dev EIP-1167 creation code for a 65-byte runtime (0x41): the 45-byte proxy to the
    ///      implementation, then the owner (read by DepositAddress.owner). The 10-byte prefix copies
    ///      the runtime that follows it into memory and returns it.
    function _initCode(address owner) private view returns (bytes memory) {
        return abi.encodePacked(
            hex"3d604180600a3d3981f3", // RETURNDATASIZE PUSH1 0x41 DUP1 PUSH1 0x0a RETURNDATASIZE CODECOPY DUP2 RETURN
            hex"363d3d373d3d3d363d73",
            implementation,
            hex"5af43d82803e903d91602b57fd5bf3",
            owner
        );
    }
}
