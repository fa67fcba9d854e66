// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title A per-payment deposit address that can only pay its merchant's treasury.
/// @notice Deployed once per merchant treasury as the implementation behind EIP-1167 clones. A clone
/// delegates every call here, and immutables live in this contract's code, so every clone's
/// `treasury` is this one's. There is no owner, no admin, no upgrade and no other destination:
/// anybody may call `flush`, and the funds can only go to the treasury.
contract CairnForwarder {
    /// @notice Where every flush sends the funds. Fixed at deployment.
    address payable public immutable treasury;

    /// @notice A flush paid `amount` of `token` (address(0): the native coin) to the treasury.
    event Flushed(address indexed token, uint256 amount);

    error TreasuryRefused();
    error NotAToken();
    error TokenTransferFailed();

    constructor(address payable treasury_) {
        treasury = treasury_;
    }

    /// @notice Accepts the native coin (the clone's address may receive it before or after deployment).
    receive() external payable {}

    /// @notice Sends the whole native balance to the treasury.
    function flush() external {
        uint256 amount = address(this).balance;
        if (amount == 0) return;
        (bool ok,) = treasury.call{value: amount}("");
        if (!ok) revert TreasuryRefused();
        emit Flushed(address(0), amount);
    }

    /// @notice Sends the whole balance of `token` to the treasury. Works with tokens whose `transfer`
    /// returns nothing (USDT on Ethereum) as well as those returning `true`.
    function flushToken(address token) external {
        if (token.code.length == 0) revert NotAToken();
        (bool read, bytes memory balance) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        if (!read || balance.length < 32) revert NotAToken();
        uint256 amount = abi.decode(balance, (uint256));
        if (amount == 0) return;
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, treasury, amount));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TokenTransferFailed();
        emit Flushed(token, amount);
    }
}
