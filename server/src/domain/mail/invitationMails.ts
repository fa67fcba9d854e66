import { html } from '../../web/html.js';
import type { MailContent } from './MailContent.js';

/** What an invitation mail says: who invites, to which business, with which role, and the link. */
export interface InvitationMailFacts {
  readonly to: string;
  readonly businessName: string;
  readonly role: string;
  readonly inviter: string;
  readonly link: string;
  readonly validDays: number;
}

/** The invitation to join a business on Cairn (docs/roles.md#invitations). */
export function invitationMail(facts: InvitationMailFacts): MailContent {
  const intro = `${facts.inviter} invites you to join ${facts.businessName} on Cairn as ${facts.role}.`;
  const how = `Open the link, sign in or create a Cairn account with this address (${facts.to}), and choose Join. The link works once and expires in ${facts.validDays} days. If you do not expect it, ignore this mail.`;
  return {
    to: facts.to,
    kind: 'member_invitation',
    subject: `Join ${facts.businessName} on Cairn`,
    text: `${intro}\n\n${facts.link}\n\n${how}\n`,
    html: html`<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h1 style="font-size: 1.25rem">Join ${facts.businessName} on Cairn</h1>
<p>${intro}</p>
<p><a href="${facts.link}">Open the invitation</a></p><p style="color: #555">${facts.link}</p>
<p>${how}</p>
</body></html>`.toString(),
  };
}
