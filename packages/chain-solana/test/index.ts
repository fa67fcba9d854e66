export type {
  FakeSolanaBlockRef,
  FakeSolanaPayInput,
  FakeSolanaRequest,
  FakeSolanaRpc,
  StartFakeSolanaRpcOptions,
} from './startFakeSolanaRpc.js';
export { startFakeSolanaRpc } from './startFakeSolanaRpc.js';
