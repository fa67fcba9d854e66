import * as z from 'zod';
import { CHAIN_IDS } from '../chainRegistry.js';
import { TOKEN_PATTERN, unknownTokenReason } from '../tokenNotation.js';

/** RFC 3339 UTC timestamp with `Z`, e.g. `2026-11-21T10:00:00Z`. */
export const Timestamp = z.iso
  .datetime({ offset: false })
  .meta({ description: 'RFC 3339 UTC timestamp.', example: '2026-11-21T10:00:00Z' });

/**
 * A {@link Timestamp} a list is filtered by (`created_gte`, `created_lt`): years 0001 to 9999 (year
 * 0000 is no date PostgreSQL stores, so it is refused as invalid rather than failing the query).
 */
export const TimestampFilter = z.iso
  .datetime({ offset: false })
  .refine((value) => !value.startsWith('0000-'), 'must be a time in the years 0001 to 9999')
  .meta({ description: 'RFC 3339 UTC timestamp.', example: '2026-11-21T10:00:00Z' });

/** Integer amount in a coin's smallest unit (wei, satoshi, lamport, drops, stroops, piconero). */
export const AtomicAmount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,77})$/, 'must be a non-negative integer in the smallest unit, as a string')
  .meta({ description: "Integer amount in the coin's smallest unit, as a string.", example: '1250000' });

/** A positive decimal as a string; never a JSON number. */
export const DecimalString = z
  .string()
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal string such as "12.50"')
  .meta({ description: 'Decimal number as a string.', example: '64250.12' });

/** Known chain id. */
export const ChainIdSchema = z
  .enum(CHAIN_IDS, {
    error: (issue) =>
      `unknown chain id ${JSON.stringify(issue.input)} (known ids look like BTC_TESTNET or ETH)`,
  })
  .meta({
    id: 'ChainId',
    description: 'Chain identifier, e.g. `ETH_SEPOLIA` or `BTC_TESTNET`.',
    example: 'BTC_TESTNET',
  });

/** Coin or token symbol. */
export const CoinSymbol = z
  .string()
  .regex(/^[A-Z0-9]{2,12}$/, 'must be an upper-case coin symbol such as "BTC" or "USDC"')
  .meta({ description: 'Coin or token symbol.', example: 'USDC' });

/** `<CHAIN>:<SYMBOL>` naming a coin the registry knows on that chain. */
export const TokenNotation = z
  .string()
  .regex(TOKEN_PATTERN, {
    message: 'must have the form <CHAIN>:<SYMBOL>, e.g. "ETH_SEPOLIA:USDC"',
    abort: true,
  })
  .superRefine((text, ctx) => {
    const why = unknownTokenReason(text);
    if (why !== undefined) ctx.addIssue({ code: 'custom', message: why, input: text });
  })
  .meta({ description: 'A chain and coin as `<CHAIN>:<SYMBOL>`.', example: 'ETH_SEPOLIA:USDC' });

/** A payment id (UUID v4). */
export const PaymentId = z.uuid({ version: 'v4' }).meta({
  description: 'Payment identifier (UUID v4).',
  example: '5b0c2a1e-8f3d-4c6b-9a7e-2d1f0e9c8b7a',
});

/** A payment link id (UUID v4). */
export const PaymentLinkId = z.uuid({ version: 'v4' }).meta({
  description: 'Payment link identifier (UUID v4).',
  example: '0f3c9a7e-2b1d-4e8f-9a6c-5d4b3a2f1e0d',
});

/** An invoice id (UUID v4). */
export const InvoiceId = z.uuid({ version: 'v4' }).meta({
  description: 'Invoice identifier (UUID v4).',
  example: '7d2e4c1a-9b3f-4e8d-a6c5-1f0e9d8c7b6a',
});

/** A merchant-supplied URL: absolute http(s), at most 2048 characters. */
export const MerchantUrl = z
  .url({ protocol: /^https?$/, hostname: z.regexes.hostname })
  .max(2048)
  .meta({ description: 'Absolute http or https URL.', example: 'https://shop.example/thanks' });
