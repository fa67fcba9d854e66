/**
 * A payment through an asset's Stellar Asset Contract (SAC), as a Soroban smart wallet makes it, for
 * the fake Horizon: `transfer(from, to, amount)` invoked on the asset's SAC, built with the SDK
 * (`Operation.invokeContractFunction`, `Asset.contractId`, `Address`, `nativeToScVal`) and printed
 * the way Horizon prints an `invoke_host_function` operation:
 *
 * - fields from the SDK's typings (`@stellar/stellar-sdk` 15.1.0, `lib/horizon/horizon_api.d.ts`
 *   `InvokeHostFunctionOperationResponse`, `BalanceChange`);
 * - values as Horizon's operations processor writes them (stellar-horizon
 *   `internal/ingest/processors/operations_processor.go`, `Details` for
 *   `OperationTypeInvokeHostFunction`, `extractFunctionArgs`, `createSACBalanceChangeEntry`):
 *   `function` is the host function type's Go name, `parameters` are the contract address, the
 *   function symbol and the arguments as `{type, value: base64 XDR}`, and `asset_balance_changes`
 *   has one `transfer` entry per SAC event. A transfer to a muxed `M...` address (CAP-67) is
 *   reported with the account in `to` and the ID in `destination_muxed_id`.
 *
 * What is not real: the SAC events are not produced by a contract run (no Soroban host here); they
 * are derived from the call's own arguments, which is what a successful SAC `transfer` emits. The
 * transaction carries no Soroban resource data or authorization entries (nothing is simulated), so a
 * real network would refuse it; only its hash, envelope and Horizon's report of it matter here.
 */
import {
  Address,
  type Asset,
  MuxedAccount,
  nativeToScVal,
  Operation,
  StrKey,
  scValToNative,
  xdr,
} from '@stellar/stellar-sdk';

/** The SDK's decoded form of a contract call. */
type DecodedCall = Operation.InvokeHostFunction;

/** `transfer(from, to, amount)` on `asset`'s SAC; `to` may be a muxed `M...` address. */
export function contractTransferOperation(
  from: string,
  to: string,
  asset: Asset,
  stroops: bigint,
  networkPassphrase: string,
): xdr.Operation {
  return Operation.invokeContractFunction({
    contract: asset.contractId(networkPassphrase),
    function: 'transfer',
    args: [
      Address.fromString(from).toScVal(),
      Address.fromString(to).toScVal(),
      nativeToScVal(stroops, { type: 'i128' }),
    ],
  });
}

/** Go's `ScVal.ArmForSwitch` names of the argument types used here (what Horizon prints as `type`). */
const SCVAL_ARM: Readonly<Record<string, string>> = {
  scvAddress: 'Address',
  scvSymbol: 'Sym',
  scvI128: 'I128',
};

function parameter(value: xdr.ScVal): { type: string; value: string } {
  return { type: SCVAL_ARM[value.switch().name] ?? 'n/a', value: value.toXDR('base64') };
}

/**
 * The Horizon fields of a decoded SAC `transfer` call (besides the common operation fields):
 * `asset` is the SAC's asset, `assetFields` prints it as Horizon does, `amountOf` prints stroops with
 * 7 decimals.
 */
export function describeContractTransfer(
  op: DecodedCall,
  assetFields: Record<string, string>,
  amountOf: (stroops: bigint) => string,
): Record<string, unknown> {
  const call = op.func.invokeContract();
  const [fromArg, toArg, amountArg] = call.args();
  if (call.functionName().toString() !== 'transfer' || !fromArg || !toArg || !amountArg) {
    throw new Error('the fake only describes SAC transfer(from, to, amount) calls');
  }
  const from = Address.fromScVal(fromArg).toString();
  const to = Address.fromScVal(toArg).toString();
  const stroops = BigInt(scValToNative(amountArg) as bigint);
  let destination: Record<string, string> = { to };
  if (StrKey.isValidMed25519PublicKey(to)) {
    const muxed = MuxedAccount.fromAddress(to, '0');
    destination = {
      to: muxed.baseAccount().accountId(),
      destination_muxed_id: BigInt(muxed.id()).toString(),
    };
  }
  return {
    type: 'invoke_host_function',
    type_i: 24,
    function: 'HostFunctionTypeHostFunctionTypeInvokeContract',
    parameters: [
      parameter(xdr.ScVal.scvAddress(call.contractAddress())),
      parameter(xdr.ScVal.scvSymbol(call.functionName())),
      ...call.args().map(parameter),
    ],
    address: '',
    salt: '',
    asset_balance_changes: [
      { ...assetFields, type: 'transfer', from, ...destination, amount: amountOf(stroops) },
    ],
  };
}
