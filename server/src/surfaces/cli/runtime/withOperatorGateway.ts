import type { CliRuntime, OperatorGateway, OperatorGatewayOptions } from './CliRuntime.js';

/** Boots the gateway of one operator command, runs `run` with it, and stops it (whatever `run` did). */
export async function withOperatorGateway<T>(
  runtime: CliRuntime,
  options: OperatorGatewayOptions,
  run: (booted: OperatorGateway) => Promise<T>,
): Promise<T> {
  const booted = await runtime.bootOperatorGateway(options);
  try {
    return await run(booted);
  } finally {
    await booted.stop();
  }
}
