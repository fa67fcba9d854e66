import { address as bitcoinAddress, payments } from 'bitcoinjs-lib';
import { decodeCashAddr } from './cashAddr.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { isUtxoChainId, UTXO_CHAINS } from './utxoChains.js';

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * The scriptPubKey (hex) an address of `chainId` pays to: what the chain watcher matches block and
 * mempool outputs against, so a Bitcoin Cash address in CashAddr and in legacy form is one target.
 *
 * @example
 * outputScriptOf('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
 * // '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2'
 */
export function outputScriptOf(chainId: string, address: string): string {
  if (!isUtxoChainId(chainId))
    throw new UtxoAdapterError('UNSUPPORTED_CHAIN', `${chainId} is not a UTXO chain`);
  const params = UTXO_CHAINS[chainId];
  try {
    if (params.cashAddrPrefix !== undefined && !/^[13mn2]/.test(address)) {
      const { prefix, type, hash } = decodeCashAddr(address, params.cashAddrPrefix);
      if (prefix !== params.cashAddrPrefix)
        throw new Error(`prefix ${prefix} is not ${params.cashAddrPrefix}`);
      const payment = type === 'p2pkh' ? payments.p2pkh({ hash }) : payments.p2sh({ hash });
      return toHex(payment.output!);
    }
    return toHex(bitcoinAddress.toOutputScript(address, params.network));
  } catch (error) {
    throw new UtxoAdapterError('INVALID_ADDRESS', `${address} is not a ${chainId} address`, { cause: error });
  }
}
