import type { Gateway } from '../gateway/Gateway.js';
import { type EventWaker, listenForEvents } from './listenForEvents.js';

const wakers = new WeakMap<Gateway, EventWaker>();

/** The gateway's one {@link EventWaker} (created on first use; stopped by {@link stopEventWaker}). */
export function eventWakerOf(gateway: Gateway): EventWaker {
  let waker = wakers.get(gateway);
  if (!waker) {
    waker = listenForEvents({ databaseUrl: gateway.orm.config.get('clientUrl') ?? '', log: gateway.log });
    wakers.set(gateway, waker);
  }
  return waker;
}

/** Stops the gateway's waker: waiting follow requests answer at once and its connection closes. */
export async function stopEventWaker(gateway: Gateway): Promise<void> {
  const waker = wakers.get(gateway);
  wakers.delete(gateway);
  await waker?.stop();
}
