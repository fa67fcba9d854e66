/**
 * Type-level checks (verified by `tsc`, run by `pnpm typecheck`): what the SDK methods return is
 * exactly what the contract's response schemas produce, and the SDK's list parameters serialise into
 * the contract's query.
 */
import type { apiContract, ListPaymentsQuery, PaymentList } from '@cairn/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Cairn, Checkout, Payment, Refund, SelectedOption } from './index.js';

type Routes = typeof apiContract;
type Success<R extends keyof Routes, S extends keyof Routes[R]['responses']> = z.output<
  Routes[R]['responses'][S] & z.ZodType
>;

describe('public types', () => {
  it('match the contract’s response schemas', () => {
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['create']>>>().toEqualTypeOf<
      Success<'createPayment', 201>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['retrieve']>>>().toEqualTypeOf<
      Success<'retrievePayment', 200>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['cancel']>>>().toEqualTypeOf<
      Success<'cancelPayment', 200>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['acceptShortfall']>>>().toEqualTypeOf<
      Success<'acceptShortfall', 200>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['recordRefund']>>>().toEqualTypeOf<
      Success<'recordRefund', 201>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['list']>>>().toEqualTypeOf<
      Success<'listPayments', 200>
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['checkout']['retrieve']>>>().toEqualTypeOf<
      Success<'retrieveCheckout', 200>['data']
    >();
    expectTypeOf<Awaited<ReturnType<Cairn['checkout']['selectChain']>>>().toEqualTypeOf<
      Success<'selectChain', 200>['data']
    >();
    expectTypeOf<Payment>().toEqualTypeOf<Success<'retrievePayment', 200>['data']>();
    expectTypeOf<Refund>().toEqualTypeOf<Success<'recordRefund', 201>['data']>();
    expectTypeOf<Checkout>().toEqualTypeOf<Success<'retrieveCheckout', 200>['data']>();
    expectTypeOf<SelectedOption>().toEqualTypeOf<NonNullable<Checkout['selected']>>();
    expectTypeOf<Awaited<ReturnType<Cairn['payments']['list']>>>().toEqualTypeOf<PaymentList>();
  });

  it('take the contract’s request bodies', () => {
    expectTypeOf<Parameters<Cairn['payments']['create']>[0]>().toEqualTypeOf<
      z.input<Routes['createPayment']['body']>
    >();
    expectTypeOf<Parameters<Cairn['payments']['recordRefund']>[1]>().toEqualTypeOf<
      z.input<Routes['recordRefund']['body']>
    >();
    expectTypeOf<Parameters<Cairn['checkout']['selectChain']>[1]>().toEqualTypeOf<
      z.input<Routes['selectChain']['body']>
    >();
  });

  it('list parameters cover the contract’s query', () => {
    type Params = NonNullable<Parameters<Cairn['payments']['list']>[0]>;
    expectTypeOf<keyof Params>().toEqualTypeOf<keyof ListPaymentsQuery>();
  });
});
