import * as ecc from '@bitcoinerlab/secp256k1';
import { type BIP32API, BIP32Factory } from 'bip32';

/** bip32 backed by @bitcoinerlab/secp256k1 (pure JS, noble-curves): the one instance the package uses. */
export const bip32: BIP32API = BIP32Factory(ecc);
