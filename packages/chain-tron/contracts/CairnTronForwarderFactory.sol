// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {CairnTronForwarder} from "./CairnTronForwarder.sol";

/// @title One merchant treasury's factory of per-payment forwarders, on TRON.
/// @notice `CairnForwarderFactory` (packages/evm-contracts) with the two changes TRON's TVM needs for
/// addresses computed offline (java-tron `WalletUtil.generateContractAddress2` / `generateContractAddress`):
/// - CREATE2 addresses are `keccak256(0x41 ++ deployer ++ salt ++ keccak256(init_code))[12:]`: the
///   prefix byte is 0x41, not 0xff, so `forwarderAddress` uses 0x41;
/// - a plain CREATE inside a contract is addressed from the root transaction's id and an internal
///   nonce, unknowable before that transaction is signed, so the implementation is created with
///   CREATE2 (salt 0) as well.
/// Anybody may call `deploy` and `sweep`: the funds can only reach the treasury.
contract CairnTronForwarderFactory {
    /// @notice The treasury every forwarder of this factory pays.
    address payable public immutable treasury;
    /// @notice The forwarder implementation the clones delegate to.
    address public immutable implementation;

    error LengthMismatch();
    error DeployFailed();

    constructor(address payable treasury_) {
        treasury = treasury_;
        implementation = address(new CairnTronForwarder{salt: bytes32(0)}(treasury_));
    }

    /// @notice The EIP-1167 minimal proxy init code for the implementation.
    function _cloneCode() private view returns (bytes memory) {
        return abi.encodePacked(
            hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", implementation, hex"5af43d82803e903d91602b57fd5bf3"
        );
    }

    /// @notice The address of the forwarder with `salt` (deployed or not), by TRON's CREATE2 rule.
    function forwarderAddress(bytes32 salt) public view returns (address) {
        bytes32 hash = keccak256(abi.encodePacked(bytes1(0x41), address(this), salt, keccak256(_cloneCode())));
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

    /// @notice Deploys each forwarder that has no code yet and flushes it to the treasury: TRX where
    /// `tokens[i]` is address(0), else that token.
    function sweep(bytes32[] calldata salts, address[] calldata tokens) external {
        if (salts.length != tokens.length) revert LengthMismatch();
        for (uint256 i = 0; i < salts.length; i++) {
            CairnTronForwarder forwarder = CairnTronForwarder(payable(deploy(salts[i])));
            if (tokens[i] == address(0)) forwarder.flush();
            else forwarder.flushToken(tokens[i]);
        }
    }
}
