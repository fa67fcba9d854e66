import { EVM_CHAINS, type EvmAdapter, isEvmChainId } from '@cairn/chain-evm';
import {
  type ChainDefinition,
  type Checkout,
  type CoinDefinition,
  getChain,
  getCoin,
  type Payment as PaymentBody,
} from '@cairn/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Business, type IPayment, Wallet } from '../../platform/db/entities/index.js';
import type { Gateway } from '../gateway/Gateway.js';
import { findCustomerPayment } from './findCustomerPayment.js';
import { serializeCheckout } from './serializeCheckout.js';
import { loadAggregate, serializePayment } from './serializePayment.js';

/** Everything the checkout page renders for one payment, read in one go. */
export interface CheckoutView {
  /** What the checkout API returns (options, selected target, progress). */
  readonly checkout: Checkout;
  /** The payment object (transactions, refunds, flags, refund address). */
  readonly payment: PaymentBody;
  /** The picked chain and coin; undefined before a pick. */
  readonly chain?: ChainDefinition;
  readonly coin?: CoinDefinition;
  /** A payment URI for what is still due (underpaid only; empty otherwise). */
  readonly remainderUri: string;
  /** The gateway clock's now, for countdowns. */
  readonly now: Date;
  /** EVM options: what a browser wallet needs, and the dev chain's test wallet. */
  readonly evm?: EvmPayView;
  /** The deposit address and memo as one address (XRP X-address, Stellar muxed address), where there is one. */
  readonly alternateAddress?: string;
}

/** What the pay view offers on an EVM chain beyond the address and the QR code. */
export interface EvmPayView {
  /** EIP-155 chain id (`wallet_switchEthereumChain`, `eth_sendTransaction`). */
  readonly chainId: number;
  /** The token's contract, shown to the customer; undefined for the native coin. */
  readonly token?: string;
  /** "Pay with a test wallet": ETH_LOCAL on the gateway's own dev chain, test mode. */
  readonly testWallet: boolean;
  /** A USDC option a gas wallet can relay: the customer may sign instead of sending (EIP-3009). */
  readonly gasless: boolean;
  /**
   * What `wallet_addEthereumChain` needs (EIP-3085) for a wallet that lacks the chain; undefined when
   * no public RPC URL is known for it (the wallet is then only asked to switch).
   */
  readonly addChain?: AddEthereumChainParameter;
}

/** EIP-3085 `wallet_addEthereumChain` parameter, all from the gateway's configuration and registry. */
export interface AddEthereumChainParameter {
  /** `0x`-prefixed hex EIP-155 chain id. */
  readonly chainId: string;
  readonly chainName: string;
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number };
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls?: readonly string[];
}

/** What the checkout offers beyond the payment itself. */
export interface CheckoutViewOptions {
  /**
   * The chain whose funded test account pays on "Pay with a test wallet": the local dev chain this
   * gateway runs (ETH_LOCAL), in test mode only. None when the gateway runs no dev chain.
   */
  readonly testWalletChain?: string;
  /** The JSON-RPC URL of the local dev chain this gateway runs, offered to browser wallets that lack it. */
  readonly devChainRpcUrl?: string;
}

/** Tokens that implement EIP-3009 `transferWithAuthorization` (USDC's v2 and Cairn's test USDC). */
const EIP3009_TOKENS = new Set(['USDC']);

/**
 * Loads the checkout of a payment by id alone (the customer's URL is their credential): the same
 * serializers as the checkout API, plus what the page shows beyond it. Throws 404 NOT_FOUND.
 */
export async function loadCheckoutView(
  gateway: Gateway,
  id: string,
  options: CheckoutViewOptions = {},
): Promise<CheckoutView> {
  const em = gateway.orm.em.fork();
  const payment = await findCustomerPayment(em, id);
  const business = await em.findOneOrFail(Business, { id: payment.businessId });
  const aggregate = await loadAggregate(em, payment);
  const checkout = serializeCheckout(gateway.config, business, aggregate);
  const body = serializePayment(gateway.config, aggregate);
  const chain = payment.selectedChainId ? getChain(payment.selectedChainId) : undefined;
  const coin =
    payment.selectedChainId && payment.selectedCoinSymbol
      ? getCoin(payment.selectedChainId, payment.selectedCoinSymbol)
      : undefined;
  const picked = chain && coin ? { chain, coin } : undefined;
  const remainderUri = picked ? remainderUriOf(gateway, payment, body, picked, business.name) : '';
  const alternateAddress = chain ? await alternateAddressOf(gateway, em, payment, chain) : undefined;
  const evm = picked ? evmPayViewOf(gateway, payment, picked, options) : undefined;
  return {
    checkout,
    payment: body,
    ...(chain ? { chain } : {}),
    ...(coin ? { coin } : {}),
    remainderUri,
    now: gateway.clock.now(),
    ...(evm ? { evm } : {}),
    ...(alternateAddress ? { alternateAddress } : {}),
  };
}

interface Picked {
  readonly chain: ChainDefinition;
  readonly coin: CoinDefinition;
}

/** A payment URI for what an underpaid payment still needs; empty otherwise. */
function remainderUriOf(
  gateway: Gateway,
  payment: IPayment,
  body: PaymentBody,
  { chain, coin }: Picked,
  label: string,
): string {
  const due = BigInt(body.amount_due);
  if (body.status !== 'underpaid' || due <= 0n || !payment.depositAddress) return '';
  try {
    const { adapter } = gateway.chains.get(chain.id);
    return adapter.buildPaymentUri({
      chain,
      coin,
      target: { address: payment.depositAddress, memo: payment.depositMemo },
      amount: due,
      label,
    });
  } catch (error) {
    gateway.log.warn({ err: error, paymentId: payment.id }, 'no payment URI for the remainder');
    return '';
  }
}

/** The deposit address and memo as one address, when the chain has that form for the payment's target. */
async function alternateAddressOf(
  gateway: Gateway,
  em: EntityManager,
  payment: IPayment,
  chain: ChainDefinition,
): Promise<string | undefined> {
  if (!payment.walletId || typeof payment.derivationIndex !== 'number' || !payment.depositMemo)
    return undefined;
  try {
    const wallet = await em.findOne(Wallet, { id: payment.walletId });
    const target = wallet
      ? gateway.chains.get(chain.id).adapter.deriveDepositTarget({
          chain,
          wallet: wallet.value,
          index: payment.derivationIndex,
          paymentId: payment.id,
        })
      : undefined;
    // Shown only when it is the very target the payment holds.
    if (target && target.address === payment.depositAddress && target.memo === payment.depositMemo)
      return target.alternateAddress;
  } catch (error) {
    gateway.log.warn({ err: error, paymentId: payment.id }, 'no one-address form of the deposit target');
  }
  return undefined;
}

/** What the pay view offers on an EVM chain; undefined on every other family. */
function evmPayViewOf(
  gateway: Gateway,
  payment: IPayment,
  { chain, coin }: Picked,
  options: CheckoutViewOptions,
): EvmPayView | undefined {
  if (chain.family !== 'evm' || !isEvmChainId(chain.id)) return undefined;
  let token: string | undefined;
  try {
    if (coin.kind === 'token')
      token = (gateway.chains.get(chain.id).adapter as EvmAdapter).tokenContractOf(chain.id, coin.symbol);
  } catch (error) {
    gateway.log.warn({ err: error, paymentId: payment.id }, 'no token contract for the pay view');
  }
  return {
    chainId: EVM_CHAINS[chain.id].chainId,
    ...(token ? { token } : {}),
    testWallet:
      payment.mode === 'test' &&
      options.testWalletChain !== undefined &&
      chain.id === options.testWalletChain,
    gasless:
      token !== undefined &&
      EIP3009_TOKENS.has(coin.symbol) &&
      gateway.config.chains[chain.id]?.gasWalletKey !== undefined,
    ...addChainOf(gateway, chain, options),
  };
}

/**
 * The add-chain parameter of an EVM chain: its public RPC URL (CAIRN_CHAIN_<ID>_PUBLIC_RPC_URL, or the
 * dev chain's anvil URL), the registry's name and native coin, and the origin of its explorer when one
 * is configured. None without a public RPC URL: the operator's RPC_URL may carry credentials.
 */
function addChainOf(
  gateway: Gateway,
  chain: ChainDefinition,
  options: CheckoutViewOptions,
): { addChain: AddEthereumChainParameter } | Record<string, never> {
  if (!isEvmChainId(chain.id)) return {};
  const settings = gateway.config.chains[chain.id];
  const rpcUrl =
    settings?.publicRpcUrl ?? (chain.id === options.testWalletChain ? options.devChainRpcUrl : undefined);
  const native = chain.coins.find((c) => c.kind === 'native');
  if (!rpcUrl || !native) return {};
  const explorer = settings?.explorerTxUrl ? new URL(settings.explorerTxUrl).origin : undefined;
  return {
    addChain: {
      chainId: `0x${EVM_CHAINS[chain.id].chainId.toString(16)}`,
      chainName: chain.name,
      nativeCurrency: { name: native.name, symbol: native.symbol, decimals: native.decimals },
      rpcUrls: [rpcUrl],
      ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
    },
  };
}
