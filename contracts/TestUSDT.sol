// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title TestUSDT
/// @notice Minimal ERC-20 that behaves like Tether's USDT on Ethereum where it matters to us:
///         6 decimals, and `transfer`, `transferFrom` and `approve` return nothing (USDT predates
///         the ERC-20 return value), so a caller that expects a bool reverts on decoding.
/// @dev Sandbox and tests only: `mint` is open to anyone. Never deploy on a network with value.
contract TestUSDT {
    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance();
    error InsufficientAllowance();
    error ZeroAddress();

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function allowance(address owner, address spender) external view returns (uint256) {
        return _allowances[owner][spender];
    }

    /// @notice Returns nothing, like USDT.
    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    /// @notice Returns nothing, like USDT.
    function approve(address spender, uint256 value) external {
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    /// @notice Returns nothing, like USDT.
    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = _allowances[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance();
            unchecked {
                _allowances[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
    }

    /// @notice Creates `amount` new tokens for `to`. Open to anyone: sandbox faucet.
    function mint(address to, uint256 amount) external {
        if (to == address(0)) revert ZeroAddress();
        totalSupply += amount;
        unchecked {
            _balances[to] += amount;
        }
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 value) private {
        if (to == address(0)) revert ZeroAddress();
        uint256 fromBalance = _balances[from];
        if (fromBalance < value) revert InsufficientBalance();
        unchecked {
            _balances[from] = fromBalance - value;
            _balances[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
