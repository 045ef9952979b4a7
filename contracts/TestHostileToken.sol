// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestHostileToken
/// @notice A token that misbehaves on demand, for tests of what a sweep does with a bad token:
///         a batch of sweeps must isolate it (its item fails, the others go through) and bound the
///         gas it takes. `balanceOf` answers a minted balance like any token; `mode` picks how
///         `transfer` (or `balanceOf`) fails.
/// @dev Tests only: `mint` and `setMode` are open to anyone.
contract TestHostileToken {
    /// 0: a normal transfer returning true; 1: transfer returns false; 2: transfer reverts;
    /// 3: transfer burns all the gas it is given; 4: balanceOf burns all the gas it is given.
    uint8 public mode;
    mapping(address => uint256) private _balances;

    error Refused();

    function setMode(uint8 newMode) external {
        mode = newMode;
    }

    function mint(address to, uint256 amount) external {
        _balances[to] += amount;
    }

    function balanceOf(address account) external view returns (uint256) {
        if (mode == 4) _burn();
        return _balances[account];
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (mode == 1) return false;
        if (mode == 2) revert Refused();
        if (mode == 3) _burn();
        _balances[msg.sender] -= value;
        _balances[to] += value;
        return true;
    }

    function _burn() private view {
        uint256 x;
        while (gasleft() > 1_000) x = uint256(keccak256(abi.encode(x)));
    }
}
