/**
 * FIXED DEMO RATES, NOT MARKET PRICES.
 *
 * A rough, hard-coded table of fiat per whole coin for every coin symbol in the chain registry against
 * USD and EUR (by rate symbol: bridged USDCE is priced as USDC, see `rateSymbolOf`). It exists so that a gateway with no network (offline development, CI, test mode) can
 * still price test payments. It is never updated and must not price live payments: configure a
 * market source (`coinbase`, `kraken`) for live mode, and turn these defaults off there
 * (`createFixedRateSource({ demoRates: false })`).
 *
 * Stablecoins are listed at 1 USD and 0.92 EUR here only because this table says so; no live source
 * assumes a peg.
 */
export const DEMO_FIXED_RATES: Readonly<Record<string, string>> = Object.freeze({
  'BTC/USD': '60000',
  'BTC/EUR': '55000',
  'LTC/USD': '80',
  'LTC/EUR': '74',
  'BCH/USD': '400',
  'BCH/EUR': '370',
  'DOGE/USD': '0.15',
  'DOGE/EUR': '0.14',
  'ETH/USD': '3000',
  'ETH/EUR': '2750',
  'USDC/USD': '1',
  'USDC/EUR': '0.92',
  'USDT/USD': '1',
  'USDT/EUR': '0.92',
  'POL/USD': '0.5',
  'POL/EUR': '0.46',
  'BNB/USD': '600',
  'BNB/EUR': '550',
  'SOL/USD': '150',
  'SOL/EUR': '138',
  'TRX/USD': '0.12',
  'TRX/EUR': '0.11',
  'XRP/USD': '0.5',
  'XRP/EUR': '0.46',
  'XLM/USD': '0.1',
  'XLM/EUR': '0.092',
  'XMR/USD': '150',
  'XMR/EUR': '138',
});
