import { describe, expect, it } from 'vitest';
import type { WatcherStatus } from '../../../chains/watchers/ChainWatcher.js';
import { loadConfig } from '../../../platform/config/loadConfig.js';
import { startBanner } from './startBanner.js';

const watcher = (chainId: string, health: WatcherStatus['health']): WatcherStatus => ({
  chainId,
  role: health === 'syncing' ? 'starting' : 'active',
  health,
  stalled: false,
  openTargets: 0,
});

const notSynced = {
  chainId: 'ETH_LOCAL',
  offered: false,
  reason: 'its watcher has not synced for 15 s',
} as const;

describe('startBanner', () => {
  it('names the dashboard and the dev mailbox on the public origin the links use, and no CLI step', () => {
    const config = loadConfig({ PORT: '3811' });
    const banner = startBanner({
      config,
      address: 'http://127.0.0.1:3811',
      readyMs: 12,
      offers: [],
      watchers: [],
    });
    expect(banner).toContain('  Dashboard    http://localhost:3811/dashboard ');
    expect(banner).toContain('  Dev mailbox  http://localhost:3811/dashboard/mailbox ');
    expect(banner).toContain('  API          http://localhost:3811/api/v1');
    expect(banner).toContain('  Checkout     http://localhost:3811/checkout/<payment_id>');
    expect(banner).toContain('(listening on 127.0.0.1:3811)');
    // Every URL it prints is on the one public origin.
    const origins = new Set(banner.match(/https?:\/\/[^\s/]+/g));
    expect([...origins]).toEqual(['http://localhost:3811']);
    expect(banner).not.toContain('dev:seed');
  });

  it('follows CAIRN_PUBLIC_URL, and names no dev mailbox when mail is sent', () => {
    const config = loadConfig({
      CAIRN_PUBLIC_URL: 'https://pay.shop.test',
      CAIRN_SMTP_URL: 'smtp://mail.test',
    });
    const banner = startBanner({ config, readyMs: 1, offers: [], watchers: [] });
    expect(banner).toContain('  Dashboard    https://pay.shop.test/dashboard ');
    expect(banner).not.toContain('mailbox');
  });

  it('says a chain is starting while its watcher has not made its first sync (a restart), not why it is unwatched', () => {
    const config = loadConfig({});
    const starting = startBanner({
      config,
      readyMs: 1,
      offers: [notSynced],
      watchers: [watcher('ETH_LOCAL', 'syncing')],
    });
    expect(starting).toContain('ETH_LOCAL: starting (offered once its watcher has synced)');
    expect(starting).not.toContain('has not synced for');
    // A watcher that has synced and then stopped syncing is reported as such.
    const failing = startBanner({
      config,
      readyMs: 1,
      offers: [notSynced],
      watchers: [watcher('ETH_LOCAL', 'failing')],
    });
    expect(failing).toContain('ETH_LOCAL: not offered now (its watcher has not synced for 15 s)');
    expect(
      startBanner({
        config,
        readyMs: 1,
        offers: [{ ...notSynced, offered: true, reason: 'watched' }],
        watchers: [],
      }),
    ).toContain('ETH_LOCAL: offered');
  });
});
