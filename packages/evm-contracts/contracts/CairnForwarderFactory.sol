// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {CairnForwarder} from "./CairnForwarder.sol";

/// @title One merchant treasury's factory of per-payment forwarders.
/// @notice Deployed once per treasury and chain through the deterministic deployment proxy, so its
/// address follows from the treasury alone. Its constructor deploys the forwarder implementation
/// (bound to that treasury); each payment's forwarder is an EIP-1167 clone of it at a CREATE2 address
/// computed offline from this factory, the payment's salt and the clone's init code. Anybody may call
/// `deploy` and `sweep`: the funds can only reach the treasury.
contract CairnForwarderFactory {
    /// @notice The treasury every forwarder of this factory pays.
    address payable public immutable treasury;
    /// @notice The forwarder implementation the clones delegate to.
    address public immutable implementation;

    error LengthMismatch();
    error DeployFailed();

    constructor(address payable treasury_) {
        treasury = treasury_;
        implementation = address(new CairnForwarder(treasury_));
    }

    /// @notice The EIP-1167 minimal proxy init code for the implementation.
    function _cloneCode() private view returns (bytes memory) {
        return abi.encodePacked(
            hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", implementation, hex"5af43d82803e903d91602b57fd5bf3"
        );
    }

    /// @notice The address of the forwarder with `salt` (deployed or not).
    function forwarderAddress(bytes32 salt) public view returns (address) {
        bytes32 hash = keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, keccak256(_cloneCode())));
        return address(uint160(uint256(hash)));
    }

    /// @notice Deploys the forwarder with `salt` unless it exists; returns its address.
    function deploy(bytes32 salt) public returns (address forwarder) {
        forwarder = forwarderAddress(salt);
        if (forwarder.code.length != 0) return forwarder;
        bytes memory code = _cloneCode();
        address deployed;
        assembly {
            deployed := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (deployed != forwarder) revert DeployFailed();
    }

    /// @notice Deploys each forwarder that has no code yet and flushes it to the treasury: the native
    /// coin where `tokens[i]` is address(0), else that token.
    function sweep(bytes32[] calldata salts, address[] calldata tokens) external {
        if (salts.length != tokens.length) revert LengthMismatch();
        for (uint256 i = 0; i < salts.length; i++) {
            CairnForwarder forwarder = CairnForwarder(payable(deploy(salts[i])));
            if (tokens[i] == address(0)) forwarder.flush();
            else forwarder.flushToken(tokens[i]);
        }
    }
}
