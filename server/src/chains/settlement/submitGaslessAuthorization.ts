import { authorizationDomain, recoverAuthorizationSigner } from '@cairn/chain-evm';
import { type Address, getAddress, type Hex, isHex } from 'viem';
import type { Gateway } from '../../domain/gateway/Gateway.js';
import { ApiError } from '../../platform/runtime/ApiError.js';
import { gaslessChain, tokenName } from './gaslessChain.js';

interface IssuedRow {
  id: string;
  chain_id: string;
  token: string;
  from_address: string;
  to_address: string;
  value: string;
  valid_after: string;
  valid_before: string;
  nonce: string;
  status: string;
}

/**
 * Takes the customer's signature of an issued authorization: it must be the signature of `from` over
 * exactly what was issued (else 422, and nothing changes). The authorization becomes `submitted`; the
 * chain's settler relays it (simulating first) on its next round, and the payment follows: detected
 * when relayed, or failed (payment.failed) when the chain would refuse it.
 */
export async function submitGaslessAuthorization(
  gateway: Gateway,
  paymentId: string,
  input: { from: string; nonce: string; signature: string },
): Promise<{ status: 'submitted' }> {
  if (!isHex(input.nonce) || !isHex(input.signature))
    throw new ApiError('VALIDATION_ERROR', 'The signature or the nonce is not hex.');
  const em = gateway.orm.em.fork();
  const connection = em.getConnection();
  const [issued] = (await connection.execute(
    `select a.id, a.chain_id, a.token, a.from_address, a.to_address, a.value::text as value,
            a.valid_after::text as valid_after, a.valid_before::text as valid_before, a.nonce, a.status
       from gasless_authorizations a join payments p on p.id = a.payment_id
      where a.payment_id = ? and a.nonce = ?`,
    [paymentId, input.nonce],
    'all',
  )) as IssuedRow[];
  if (!issued) throw new ApiError('NOT_FOUND', 'No such authorization for this payment: ask for a new one.');
  if (issued.status !== 'issued')
    throw new ApiError('INVALID_PAYMENT_STATE', 'This authorization was submitted already.');
  const [payment] = (await connection.execute(
    'select status, selected_chain_id, selected_coin_symbol from payments where id = ?',
    [paymentId],
    'all',
  )) as { status: string; selected_chain_id: string; selected_coin_symbol: string }[];
  if (payment?.status !== 'awaiting_payment')
    throw new ApiError(
      'INVALID_PAYMENT_STATE',
      'Only a payment waiting for its funds can be paid by signature.',
    );
  const chain = gaslessChain(gateway, payment.selected_chain_id, payment.selected_coin_symbol);
  const domain = authorizationDomain({
    name: await tokenName(chain.reader, issued.token as Address),
    chainId: chain.evmChainId,
    token: issued.token as Address,
  });
  let signer: Address;
  try {
    signer = await recoverAuthorizationSigner(
      domain,
      {
        from: issued.from_address as Address,
        to: issued.to_address as Address,
        value: BigInt(issued.value),
        validAfter: BigInt(issued.valid_after),
        validBefore: BigInt(issued.valid_before),
        nonce: issued.nonce as Hex,
      },
      input.signature as Hex,
    );
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'The signature cannot be read.');
  }
  if (signer !== getAddress(issued.from_address) || getAddress(input.from) !== signer)
    throw new ApiError(
      'VALIDATION_ERROR',
      "The signature is not the paying address's signature of this authorization.",
    );
  const updated = (await connection.execute(
    `update gasless_authorizations set status = 'submitted', signature = ?, updated_at = ?
      where id = ? and status = 'issued' returning id`,
    [input.signature, gateway.clock.now().toISOString(), issued.id],
    'all',
  )) as unknown[];
  if (updated.length !== 1)
    throw new ApiError('INVALID_PAYMENT_STATE', 'This authorization was submitted already.');
  return { status: 'submitted' };
}
