import { randomBytes, randomUUID } from 'node:crypto';
import { authorizationDomain, authorizationTypedData } from '@cairn/chain-evm';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { Payment } from '../../platform/db/entities/index.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { gaslessChain, tokenName } from './gaslessChain.js';

/** The longest an authorization stays valid (seconds of chain time). */
const MAX_VALIDITY_SECONDS = 20n * 60n;
/** How far before the latest block an authorization becomes valid (the chain's clock is coarse). */
const VALID_BEFORE_NOW_SECONDS = 60n;

/**
 * The EIP-3009 `TransferWithAuthorization` a customer signs instead of sending USDC: from their
 * address to the payment's deposit (forwarder) address, the locked amount, valid from a minute before
 * the chain's latest block until the payment's window closes (at most 20 minutes), **in chain time**
 * (`block.timestamp`, never the wall clock), with a fresh random nonce. Recorded (`issued`) so a
 * submission must match it. Payment must be awaiting_payment with USDC on an EVM chain a gas wallet
 * can relay on.
 */
export async function prepareGaslessAuthorization(gateway: Gateway, paymentId: string, from: string) {
  if (!isAddress(from, { strict: false }))
    throw new ApiError('VALIDATION_ERROR', 'The wallet gave no valid address to sign with.');
  const em = gateway.orm.em.fork();
  const payment = await em.findOne(Payment, { id: paymentId });
  if (!payment) throw new ApiError('NOT_FOUND', 'No such payment.');
  if (payment.status !== 'awaiting_payment' || !payment.depositAddress || payment.lockedAmount == null)
    throw new ApiError('INVALID_PAYMENT_STATE', 'Only a payment waiting for its funds can be signed for.');
  const chain = gaslessChain(gateway, payment.selectedChainId, payment.selectedCoinSymbol);
  const [block, name] = await Promise.all([
    chain.reader.getBlock({ blockTag: 'latest' }),
    tokenName(chain.reader, chain.token),
  ]);
  const remaining = BigInt(
    Math.max(0, Math.floor((payment.expiresAt.getTime() - gateway.clock.now().getTime()) / 1000)),
  );
  const authorization = {
    from: getAddress(from),
    to: payment.depositAddress as Address,
    value: BigInt(payment.lockedAmount),
    validAfter: block.timestamp > VALID_BEFORE_NOW_SECONDS ? block.timestamp - VALID_BEFORE_NOW_SECONDS : 0n,
    validBefore: block.timestamp + (remaining < MAX_VALIDITY_SECONDS ? remaining : MAX_VALIDITY_SECONDS),
    nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
  };
  const now = gateway.clock.now().toISOString();
  await em.getConnection().execute(
    `insert into gasless_authorizations (id, payment_id, chain_id, token, from_address, to_address, value,
       valid_after, valid_before, nonce, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'issued', ?, ?)`,
    [
      randomUUID(),
      payment.id,
      payment.selectedChainId,
      chain.token,
      authorization.from,
      authorization.to,
      authorization.value.toString(),
      authorization.validAfter.toString(),
      authorization.validBefore.toString(),
      authorization.nonce,
      now,
      now,
    ],
  );
  return authorizationTypedData(
    authorizationDomain({ name, chainId: chain.evmChainId, token: chain.token }),
    authorization,
  );
}
