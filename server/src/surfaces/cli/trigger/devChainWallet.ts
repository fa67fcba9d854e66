import type { Address } from 'viem';
import { readDevChainRecord } from '../../../chains/devChain/devChainRecord.js';
import { payWithTestWallet } from '../../../chains/devChain/payWithTestWallet.js';
import { sendDevRefund } from '../../../chains/devChain/sendDevRefund.js';
import { DEV_TEST_WALLET } from '../../../chains/devChain/withDevChain.js';
import type { TestWallet } from './runTrigger.js';
import { TriggerError } from './TriggerError.js';

/**
 * The local dev chain's wallets, as the running gateway recorded its dev chain in the data directory
 * (`cairn start` with no node writes `dev-chain/dev-chain.json`): the test wallet pays (ETH from its
 * balance, a test token minted first; see payWithTestWallet) and asks refunds to its own address, and
 * the dev refund wallet sends refunds (see sendDevRefund). Undefined when no dev chain is recorded there.
 */
export function devChainWallet(dataDir: string): TestWallet | undefined {
  const record = readDevChainRecord(dataDir);
  if (!record) return undefined;
  const tokenOf = (coin: string): Address | undefined => {
    if (coin === 'ETH') return undefined;
    const token = record.tokens[coin];
    if (token === undefined) {
      throw new TriggerError(
        `The dev chain has no test token ${coin} (it has ${Object.keys(record.tokens).join(', ')}).`,
      );
    }
    return token as Address;
  };
  const transfer = (to: string, amount: bigint, coin: string) => {
    const token = tokenOf(coin);
    return { to: to as Address, amount, ...(token === undefined ? {} : { token }) };
  };
  return {
    address: DEV_TEST_WALLET.address,
    pay: (to, amount, coin) =>
      onDevChain('The test wallet could not pay', () =>
        payWithTestWallet(record, transfer(to, amount, coin)),
      ),
    refund: (to, amount, coin) =>
      onDevChain('The refund could not be sent', () => sendDevRefund(record, transfer(to, amount, coin))),
  };
}

/** The dev chain's refusal (a node gone, a reverted transfer) as one line of trigger's. */
async function onDevChain<T>(what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof TriggerError) throw error;
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
    throw new TriggerError(`${what} on the dev chain: ${reason}`);
  }
}
