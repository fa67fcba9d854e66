// Generated from docs/roles.md by `pnpm --filter @cairn/server roles:write`: edit the table there.
import type { MemberRole } from '../../platform/db/entities/index.js';

/** Permission → the roles that have it (docs/roles.md). */
export const ROLE_MATRIX = {
  'overview.read': ['owner', 'admin', 'developer', 'support', 'viewer'],
  'reports.read': ['owner', 'admin', 'developer', 'support', 'viewer'],
  'settings.read': ['owner', 'admin', 'developer', 'support', 'viewer'],
  'settings.manage': ['owner', 'admin'],
  'payments.read': ['owner', 'admin', 'developer', 'support', 'viewer'],
  'payments.cancel': ['owner', 'admin', 'support'],
  'payments.accept_shortfall': ['owner', 'admin', 'support'],
  'payments.refund': ['owner', 'admin', 'support'],
  'invoices.read': ['owner', 'admin', 'support', 'viewer'],
  'invoices.write': ['owner', 'admin'],
  'invoices.void': ['owner', 'admin', 'support'],
  'links.read': ['owner', 'admin', 'viewer'],
  'links.manage': ['owner', 'admin'],
  'stray_funds.read': ['owner', 'admin', 'support', 'viewer'],
  'stray_funds.manage': ['owner', 'admin'],
  'keys.read': ['owner', 'admin', 'developer', 'viewer'],
  'keys.manage': ['owner', 'admin', 'developer'],
  'webhooks.read': ['owner', 'admin', 'developer', 'viewer'],
  'webhooks.manage': ['owner', 'admin', 'developer'],
  'events.read': ['owner', 'admin', 'developer', 'viewer'],
  'wallets.read': ['owner', 'admin', 'developer', 'viewer'],
  'wallets.manage': ['owner', 'admin'],
  'credit.read': ['owner', 'admin', 'viewer'],
  'audit.read': ['owner', 'admin', 'viewer'],
  'members.read': ['owner', 'admin', 'developer', 'support', 'viewer'],
  'members.manage': ['owner'],
  'ownership.transfer': ['owner'],
  'business.close': ['owner'],
} as const satisfies Record<string, readonly MemberRole[]>;
