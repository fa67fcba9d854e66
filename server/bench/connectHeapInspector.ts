import { createWriteStream } from 'node:fs';
import { WebSocket } from 'undici';

/** A DevTools-protocol session with another Node process (started with `--inspect`). */
export interface HeapInspector {
  /**
   * Forces a full garbage collection in that process (`HeapProfiler.collectGarbage`) and returns the V8
   * heap it still uses (`Runtime.getHeapUsage().usedSize`, bytes): what is retained, not garbage.
   */
  heapUsedAfterGc(): Promise<number>;
  /**
   * Writes a heap snapshot of that process to `path` (`.heapsnapshot`, for Chrome DevTools' Memory tab
   * and its Comparison view). Slow (seconds) and pauses that process meanwhile.
   */
  writeHeapSnapshot(path: string): Promise<void>;
  /** Closes the session (before the process is stopped: Node waits for an attached session to go). */
  close(): Promise<void>;
}

/** Opens a session on `url` (`ws://127.0.0.1:<port>/<uuid>`, as Node prints it on start). */
export async function connectHeapInspector(url: string, timeoutMs = 30_000): Promise<HeapInspector> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot open the inspector at ${url}`)), {
      once: true,
    });
  });
  let nextId = 1;
  let onChunk: ((chunk: string) => void) | undefined;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: { chunk: string };
    };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') {
      onChunk?.(message.params!.chunk);
      return;
    }
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return; // another event, or an answer after its timeout
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(`inspector: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  socket.addEventListener('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('the inspector session closed'));
    pending.clear();
  });
  const call = <T>(method: string, params?: Record<string, unknown>, ms = timeoutMs): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`inspector: no answer to ${method} within ${ms} ms`));
      }, ms);
      pending.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify({ id, method, ...(params ? { params } : {}) }));
    });
  return {
    async heapUsedAfterGc() {
      await call('HeapProfiler.collectGarbage');
      const usage = await call<{ usedSize: number }>('Runtime.getHeapUsage');
      return usage.usedSize;
    },
    async writeHeapSnapshot(path) {
      const file = createWriteStream(path);
      onChunk = (chunk) => file.write(chunk);
      try {
        await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, 600_000);
      } finally {
        onChunk = undefined;
        await new Promise<void>((resolve, reject) =>
          file.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      }
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) =>
        socket.addEventListener('close', () => resolve(), { once: true }),
      );
      socket.close();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    },
  };
}
