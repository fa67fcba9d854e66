import { RippledRpcClient, RippledRpcError } from './rpc/RippledRpcClient.js';

/** AccountRoot flag `lsfRequireDestTag`: the ledger refuses payments to the account without a tag. */
export const LSF_REQUIRE_DEST_TAG = 0x0002_0000;

/** Where to read the account. */
export interface XrpAccountAdviceInput {
  /** rippled's (or Clio's) JSON-RPC URL. */
  readonly url: string;
  /** The merchant's classic address. */
  readonly account: string;
  /** The network as a merchant knows it, for messages (`the XRP Ledger Testnet`). */
  readonly network: string;
  readonly timeoutMs?: number;
  /** Extra HTTP headers of every request (a hosted node's API key). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What would keep payments from reaching a merchant's XRP Ledger account, read with `account_info` at
 * the last validated ledger
 * (https://xrpl.org/docs/references/http-websocket-apis/public-api-methods/account-methods/account_info):
 * an account that does not exist yet (payments below the reserve cannot create it), and an account
 * without RequireDest (a customer who leaves the destination tag out pays the merchant, but no payment:
 * the ledger would refuse that payment with RequireDest set). Throws when rippled cannot be read.
 */
export async function readXrpAccountAdvice(input: XrpAccountAdviceInput): Promise<string[]> {
  const rippled = new RippledRpcClient(input.url, {
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.headers === undefined ? {} : { headers: input.headers }),
  });
  let flags: number;
  try {
    const result = await rippled.call<{ account_data?: { Flags?: unknown } }>('account_info', {
      account: input.account,
      ledger_index: 'validated',
    });
    if (typeof result.account_data?.Flags !== 'number') {
      throw new Error('account_info answered no account_data.Flags');
    }
    flags = result.account_data.Flags;
  } catch (error) {
    if (error instanceof RippledRpcError && error.rpcError === 'actNotFound') {
      return [
        `The account ${input.account} does not exist on ${input.network} yet: fund it with at least the base reserve, or payments smaller than the reserve will fail. Then turn on RequireDest.`,
      ];
    }
    throw error;
  }
  if ((flags & LSF_REQUIRE_DEST_TAG) === 0) {
    return [
      `The account ${input.account} does not require destination tags: turn on RequireDest (an AccountSet transaction with asfRequireDest) so the ledger refuses a payment whose tag was left out, instead of the money reaching you with no order to match.`,
    ];
  }
  return [];
}
