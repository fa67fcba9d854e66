// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title A per-payment deposit address on TRON that can only pay its merchant's treasury.
/// @notice `CairnForwarder` (packages/evm-contracts) with one change for TRON: TRON's USDT
/// (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t) returns `false` from a `transfer` that succeeded, so a token
/// flush is judged by the balance left afterwards (none), never by the return value.
/// Deployed once per treasury as the implementation behind EIP-1167 clones; no owner, no admin, no
/// other destination: anybody may flush, and the funds can only go to the treasury.
contract CairnTronForwarder {
    /// @notice Where every flush sends the funds. Fixed at deployment.
    address payable public immutable treasury;

    /// @notice A flush paid `amount` of `token` (address(0): TRX) to the treasury.
    event Flushed(address indexed token, uint256 amount);

    error TreasuryRefused();
    error NotAToken();
    error TokenTransferFailed();

    constructor(address payable treasury_) {
        treasury = treasury_;
    }

    /// @notice Accepts TRX (the clone's address may receive it before or after deployment).
    receive() external payable {}

    /// @notice Sends the whole TRX balance to the treasury.
    function flush() external {
        uint256 amount = address(this).balance;
        if (amount == 0) return;
        (bool ok,) = treasury.call{value: amount}("");
        if (!ok) revert TreasuryRefused();
        emit Flushed(address(0), amount);
    }

    /// @notice Sends the whole balance of `token` to the treasury; succeeds only when none is left.
    function flushToken(address token) external {
        uint256 amount = _balanceOf(token);
        if (amount == 0) return;
        (bool ok,) = token.call(abi.encodeWithSelector(0xa9059cbb, treasury, amount));
        if (!ok || _balanceOf(token) != 0) revert TokenTransferFailed();
        emit Flushed(token, amount);
    }

    function _balanceOf(address token) private view returns (uint256) {
        if (token.code.length == 0) revert NotAToken();
        (bool read, bytes memory balance) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        if (!read || balance.length < 32) revert NotAToken();
        return abi.decode(balance, (uint256));
    }
}
