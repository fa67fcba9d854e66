import type { Address } from 'viem';
import { readDevChainRecord } from '../../../chains/devChain/devChainRecord.js';
import { payWithTestWallet } from '../../../chains/devChain/payWithTestWallet.js';
import type { TestWalletPayer } from './runTrigger.js';
import { TriggerError } from './TriggerError.js';

/**
 * The local dev chain's test wallet, as the running gateway recorded its dev chain in the data directory
 * (`cairn start` with no node writes `dev-chain/dev-chain.json`): ETH from its balance, a test token
 * minted first (see payWithTestWallet). Undefined when no dev chain is recorded there.
 */
export function devChainPayer(dataDir: string): TestWalletPayer | undefined {
  const record = readDevChainRecord(dataDir);
  if (!record) return undefined;
  return async (to, amount, coin) => {
    const token = coin === 'ETH' ? undefined : record.tokens[coin];
    if (coin !== 'ETH' && token === undefined) {
      throw new TriggerError(
        `The dev chain has no test token ${coin} (it has ${Object.keys(record.tokens).join(', ')}).`,
      );
    }
    return payWithTestWallet(record, {
      to: to as Address,
      amount,
      ...(token === undefined ? {} : { token: token as Address }),
    });
  };
}
