import { payments } from 'bitcoinjs-lib';
import { encodeCashAddr } from './cashAddr.js';
import { bip32 } from './secp256k1Bip32.js';
import { UtxoAdapterError } from './UtxoAdapterError.js';
import { UTXO_CHAINS } from './utxoChains.js';
import { validateUtxoWallet } from './validateUtxoWallet.js';

/** One receive address of a stored wallet. */
export interface DeriveAddressInput {
  readonly chainId: string;
  /** The account-level extended public key as stored after validation. */
  readonly wallet: string;
  /** Receive-chain index: the address is `<account>/0/index`. A non-negative integer below 2^31. */
  readonly index: number;
}

const HARDENED_OFFSET = 0x80000000;
const RECEIVE_CHAIN = 0;

/**
 * Derives the receive address `0/index` of an account-level extended public key: P2PKH, P2SH-P2WPKH or
 * P2WPKH as its SLIP-132 variant says, on the chain's network; CashAddr (prefix included) on Bitcoin
 * Cash. Pure and deterministic. Throws {@link UtxoAdapterError} when the wallet does not validate for
 * the chain or the index is out of range.
 *
 * @example
 * deriveAddress({ chainId: 'BTC', wallet: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs', index: 0 });
 * // 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'
 */
export function deriveAddress({ chainId, wallet, index }: DeriveAddressInput): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new UtxoAdapterError(
      'INVALID_DERIVATION_INDEX',
      `Derivation index must be an integer from 0 to ${HARDENED_OFFSET - 1}; got ${index}`,
    );
  }
  const validation = validateUtxoWallet({ chainId, value: wallet });
  if (!validation.ok) throw new UtxoAdapterError(validation.code, validation.message);

  const params = UTXO_CHAINS[validation.chainId];
  const { network } = params;
  const account = bip32.fromBase58(validation.standardKey, network);
  const pubkey = account.derive(RECEIVE_CHAIN).derive(index).publicKey;

  if (params.cashAddrPrefix !== undefined) {
    const { hash } = payments.p2pkh({ pubkey, network });
    return encodeCashAddr(params.cashAddrPrefix, 'p2pkh', hash!);
  }
  const payment =
    validation.kind === 'p2pkh'
      ? payments.p2pkh({ pubkey, network })
      : validation.kind === 'p2wpkh'
        ? payments.p2wpkh({ pubkey, network })
        : payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network }), network });
  return payment.address!;
}
