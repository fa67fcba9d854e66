// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @title Forwards the value it receives: native coin sent from inside a contract (tests only).
/// @notice Such a transfer has no transaction to its recipient, so a scan of transactions misses it.
contract NativeRelay {
    function relay(address payable to) external payable {
        (bool ok,) = to.call{value: msg.value}("");
        require(ok, "relay failed");
    }
}
