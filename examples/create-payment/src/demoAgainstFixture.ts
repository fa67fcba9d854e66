/**
 * Runs the create-payment example against the SDK's in-memory contract fixture, for
 * `scripts/start.sh` until the gateway server exists. The fixture implements the API contract with
 * in-memory data and fixed rates: it is a test double, not the gateway, and says so.
 */
import { startFixtureServer } from '../../../sdk/test/fixtureServer.js';
import { main } from './createPayment.js';

const fixture = await startFixtureServer();
try {
  console.log(`Contract fixture (in-memory test double, not the gateway) on ${fixture.baseUrl}\n`);
  process.exitCode = await main({ CAIRN_API_KEY: fixture.keys.test, CAIRN_BASE_URL: fixture.baseUrl });
} finally {
  await fixture.close();
}
