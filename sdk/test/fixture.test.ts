import { startFixtureServer } from './fixtureServer.js';
import { runSdkSuite } from './sdkSuite.js';

runSdkSuite('the test fixture', async () => {
  const fixture = await startFixtureServer();
  return {
    baseUrl: fixture.baseUrl,
    apiKey: fixture.keys.test,
    otherModeKey: fixture.keys.live,
    close: fixture.close,
    markDetected: (id) => fixture.setStatus(id, 'payment_detected'),
    markUnderpaid: (id) => fixture.setStatus(id, 'underpaid'),
    payLink: (id) => fixture.payLink(id),
  };
});
