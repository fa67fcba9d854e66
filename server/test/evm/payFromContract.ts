import type { Address, TransactionReceipt } from 'viem';
import type { EvmScenario } from './startEvmScenario.js';

/**
 * Sends `amount` of native coin to `to` from inside a contract: the customer calls the scenario's
 * relay, which forwards the value it gets (no transaction of the customer's is to `to`). Returns the
 * mined call's receipt.
 */
export async function payFromContract(
  s: EvmScenario,
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await s.customer.writeContract({
    account: s.customer.account,
    chain: null,
    address: s.relay,
    abi: [
      {
        type: 'function',
        name: 'relay',
        stateMutability: 'payable',
        inputs: [{ name: 'to', type: 'address' }],
        outputs: [],
      },
    ],
    functionName: 'relay',
    args: [to],
    value: amount,
  });
  return s.chain.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}
