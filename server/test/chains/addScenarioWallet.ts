import { addWallet } from '../../src/domain/wallets/addWallet.js';
import type { TestGateway } from '../harness/startTestGateway.js';

/**
 * Gives the test business its wallet on a chain the seed does not cover, and lets the seeded test key
 * (made before the wallet) take the chain's `tokens` (`CHAIN:SYMBOL`).
 */
export async function addScenarioWallet(
  test: TestGateway,
  chainId: string,
  value: string,
  tokens: readonly string[],
): Promise<void> {
  const { gateway } = test.running;
  await addWallet(gateway.orm.em.fork(), gateway.clock, gateway.chains, {
    businessId: test.businessId,
    chainId,
    value,
  });
  await gateway.orm.em
    .fork()
    .getConnection()
    .execute('update api_keys set allowed_tokens = allowed_tokens || ?::text[] where id = ?', [
      `{${tokens.join(',')}}`,
      test.apiKeyId,
    ]);
}
