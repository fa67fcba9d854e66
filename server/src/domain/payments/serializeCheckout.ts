import type { ChainId, Checkout } from '@cairn/contract';
import type { Config } from '../../platform/config/loadConfig.js';
import type { IBusiness } from '../../platform/db/entities/index.js';
import { isInAcceptedSet } from './acceptedSet.js';
import { amountReceived, type PaymentAggregate, serializePayment } from './serializePayment.js';

/** What the hosted checkout shows: options (accepted first), the default, and the picked target. */
export function serializeCheckout(
  config: Config,
  business: IBusiness,
  aggregate: PaymentAggregate,
): Checkout {
  const { payment, transfers } = aggregate;
  const body = serializePayment(config, aggregate);
  const defaultOption = aggregate.options.find((o) => isInAcceptedSet(payment, o.chainId, o.coinSymbol));
  const selectedOption = body.chain_options.find(
    (o) => o.chain_id === payment.selectedChainId && o.coin_symbol === payment.selectedCoinSymbol,
  );
  const live = transfers.filter((t) => !t.removed);
  const received = amountReceived(transfers);
  return {
    payment_id: payment.id,
    status: payment.status,
    fiat_amount: payment.fiatAmount,
    fiat_currency: payment.fiatCurrency,
    description: payment.description ?? null,
    business_name: business.name,
    expires_at: body.expires_at,
    default_token: defaultOption ? `${defaultOption.chainId}:${defaultOption.coinSymbol}` : null,
    chain_options: body.chain_options,
    selected:
      selectedOption === undefined
        ? null
        : {
            ...selectedOption,
            chain_id: selectedOption.chain_id as ChainId,
            amount_received: received.toString(),
            amount_due: body.amount_due,
            confirmations: live.length === 0 ? 0 : Math.min(...live.map((t) => t.confirmations)),
            required_confirmations: payment.requiredConfirmations ?? 0,
          },
    success_url: payment.successUrl ?? null,
    cancel_url: payment.cancelUrl ?? null,
  };
}
