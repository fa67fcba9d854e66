/**
 * The parts of java-tron's HTTP API answers the observer reads (requests with `visible: false`, so
 * addresses are 21-byte hex `41…`; log addresses and topics are bare hex). Shapes from tronweb 6.5.1's
 * typings (`Block`, `BlockHeader`, `GetTransactionResponse` in types/APIResponse.d.ts, `TransactionInfo`
 * in types/Trx.d.ts) and the TRON docs' examples
 * (https://tronprotocol.github.io/documentation-en/api/http/block-and-tx-query/getnowblock/,
 * …/gettransactioninfobyblocknum/). int64 amounts may be numbers or digit strings (see `sunOf`).
 */

/** `Block` of `/wallet/getnowblock`, `/wallet/getblockbynum`, `/wallet/getblockbyid`; `{}` when unknown. */
export interface TronApiBlock {
  readonly blockID?: string;
  readonly block_header?: {
    readonly raw_data: {
      readonly number?: number | string;
      readonly parentHash: string;
      readonly timestamp?: number | string;
      readonly txTrieRoot?: string;
      readonly witness_address?: string;
      readonly version?: number;
    };
    readonly witness_signature?: string;
  };
  /** Absent in a block without transactions. */
  readonly transactions?: readonly TronApiTransaction[];
}

/** A transaction inside a block (`GetTransactionResponse`). */
export interface TronApiTransaction {
  readonly txID: string;
  readonly ret?: readonly { readonly contractRet?: string }[];
  readonly raw_data: {
    readonly contract: readonly {
      readonly type: string;
      readonly parameter: { readonly value: Record<string, unknown>; readonly type_url: string };
    }[];
  };
  readonly raw_data_hex?: string;
  readonly signature?: readonly string[];
}

/** One element of `/wallet/gettransactioninfobyblocknum` (`TransactionInfo`). */
export interface TronApiTransactionInfo {
  readonly id: string;
  readonly blockNumber?: number | string;
  readonly receipt?: { readonly result?: string };
  readonly result?: string;
  readonly log?: readonly {
    readonly address?: string;
    readonly topics?: readonly string[];
    readonly data?: string;
  }[];
  readonly internal_transactions?: readonly {
    readonly hash?: string;
    readonly caller_address?: string;
    readonly transferTo_address?: string;
    readonly callValueInfo?: readonly { readonly callValue?: number | string; readonly tokenId?: string }[];
    readonly note?: string;
    readonly rejected?: boolean;
  }[];
}
