import type { BusinessChange, SecurityEvent } from './SecurityEvent.js';

/** A security alert's subject line and its sentence saying what happened. */
export interface SecurityEventText {
  readonly subject: string;
  readonly what: string;
  /** Facts on lines of their own, e.g. `['New URL', 'https://…']` (an address or URL ends no sentence). */
  readonly facts?: readonly (readonly [string, string])[];
}

/** What a security alert says happened, in words (the mail adds when, from where and the lock link). */
export function describeSecurityEvent(event: SecurityEvent): SecurityEventText {
  switch (event.kind) {
    case 'sign_in': {
      const novelty = [event.newDevice ? 'a new device' : '', event.newAddress ? 'a new IP address' : '']
        .filter(Boolean)
        .join(' and ');
      return {
        subject: 'New sign-in to your Cairn account',
        what: `Your Cairn account was signed in to from ${novelty || 'a new place'}.`,
      };
    }
    case 'identity_linked':
      return {
        subject: 'A sign-in provider was linked',
        what: `Signing in with the provider “${event.provider}” was linked to your Cairn account: it now signs in to it.`,
      };
    case 'two_factor_enabled':
      return {
        subject: 'Two-factor sign-in was turned on',
        what: 'Two-factor sign-in with an authenticator app was turned on for your Cairn account, with new recovery codes.',
      };
    case 'two_factor_disabled':
      return {
        subject: 'Two-factor sign-in was turned off',
        what: 'Two-factor sign-in was turned off for your Cairn account: its authenticator app and recovery codes no longer work, and a password alone signs in.',
      };
    case 'recovery_codes_replaced':
      return {
        subject: 'New recovery codes were made',
        what: 'New two-factor recovery codes were made for your Cairn account; the old ones no longer work.',
      };
    case 'passkey_added':
      return {
        subject: 'A passkey was added',
        what: `A passkey named “${event.name}” was added to your Cairn account.`,
      };
    case 'passkey_removed':
      return {
        subject: 'A passkey was removed',
        what: `The passkey named “${event.name}” was removed from your Cairn account.`,
      };
    case 'business':
      return describeBusinessChange(event.business, event.change);
  }
}

function describeBusinessChange(business: string, change: BusinessChange): SecurityEventText {
  const where = `in the business “${business}”`;
  switch (change.kind) {
    case 'wallet_added':
      return {
        subject: `A ${change.mode} wallet was added`,
        what: `A ${change.mode} ${change.chain} wallet was added ${where}: ${change.mode} payments on ${change.chain} now go to it.`,
        facts: [['New wallet', change.address]],
      };
    case 'wallet_removed':
      return {
        subject: `A ${change.mode} wallet was removed`,
        what: `The ${change.mode} ${change.chain} wallet was removed ${where}. If a new one was added in its place, another alert names it.`,
        facts: [['Removed wallet', change.address]],
      };
    case 'api_key_created':
      return {
        subject: `A ${change.mode} API key was created`,
        what: `A new ${change.mode} API key ${change.key} was created ${where}.`,
      };
    case 'api_key_status':
      return {
        subject: `An API key was ${change.status}`,
        what: `The API key ${change.key} was ${change.status} ${where}.`,
      };
    case 'webhook_url':
      return change.from === null
        ? {
            subject: 'A webhook endpoint was set',
            what: `A webhook endpoint was set for the API key ${change.key} ${where}: payment events now go to its URL.`,
            facts: [['URL', change.to]],
          }
        : {
            subject: 'A webhook URL was changed',
            what: `The webhook URL of the API key ${change.key} ${where} was changed: payment events now go to the new URL.`,
            facts: [
              ['Old URL', change.from],
              ['New URL', change.to],
            ],
          };
    case 'webhook_secret_rotated':
      return {
        subject: 'A webhook signing secret was replaced',
        what: `The webhook signing secret of the API key ${change.key} ${where} was replaced.`,
      };
    case 'member_role_changed':
      return {
        subject: 'A member’s role was changed',
        what: `The role of ${change.member} ${where} was changed from ${change.from} to ${change.to}.`,
      };
    case 'member_removed':
      return {
        subject: 'A member was removed',
        what: `${change.member} was removed from the business “${business}”: their access to it has ended.`,
      };
    case 'member_invited':
      return {
        subject: 'Someone was invited to a business',
        what: `${change.member} was invited to join the business “${business}” as ${change.role}; the link is valid for 7 days.`,
      };
    case 'invitation_revoked':
      return {
        subject: 'An invitation was revoked',
        what: `The invitation of ${change.member} to the business “${business}” was revoked: its link no longer works.`,
      };
    case 'member_joined':
      return {
        subject: 'A member joined a business',
        what: `${change.member} accepted an invitation and joined the business “${business}” as ${change.role}.`,
      };
    case 'ownership_handed':
      return {
        subject: 'Ownership of a business was handed over',
        what: `Ownership of the business “${business}” was handed from ${change.from} to ${change.to}; ${change.from} stays as an admin.`,
      };
  }
}
