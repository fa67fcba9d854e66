import type { MemberLine } from '../../../domain/members/listMembers.js';
import type { InvitationLine } from '../../../domain/members/listPendingInvitations.js';
import { MEMBER_ROLES, roleMay, roleName } from '../../../domain/members/roles.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, formatTime } from './forms.js';
import type { Notice } from './Notice.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';
import type { BusinessViewer } from './Viewer.js';

const COLUMNS = tableColumns('Member', 'Role', 'Since', 'Actions');
const INVITATION_COLUMNS = tableColumns('Invited address', 'Role', 'Invited by', 'Expires', 'Actions');
const INVITED_ROLES = MEMBER_ROLES.filter((role) => role !== 'owner');

/** The owner's form: an address and a role, sent as an emailed invitation. */
function inviteForm(paths: DashboardPaths, csrf: string): SafeHtml {
  const options = INVITED_ROLES.map((role) => html`<option value="${role}">${roleName(role)}</option>`);
  return html`<h2>Invite someone</h2>
<form class="card" method="post" action="${paths.invite}">${csrfField(csrf)}
<p>They get a link by email, valid for 7 days, and join after signing in (or creating an account) with that address.</p>
<div class="field"><label for="invite-email">Email address</label>
<input id="invite-email" name="email" type="email" autocomplete="off" required maxlength="254"></div>
<div class="field"><label for="invite-role">Role</label>
<select id="invite-role" name="role">${options}</select></div>
<div class="actions"><button type="submit">Send invitation</button></div></form>`;
}

/** The pending invitations, each with the owner's Revoke. */
function invitationsTable(
  paths: DashboardPaths,
  csrf: string,
  manage: boolean,
  invitations: readonly InvitationLine[],
): SafeHtml {
  if (invitations.length === 0)
    return html`<h2>Pending invitations</h2><p class="muted">No pending invitations.</p>`;
  const rows = invitations.map((invitation) =>
    INVITATION_COLUMNS.row(
      invitation.email,
      roleName(invitation.role),
      invitation.invitedBy,
      formatTime(invitation.expiresAt),
      manage
        ? buttonForm({
            action: paths.revokeInvitation(invitation.id),
            csrf,
            label: 'Revoke',
            style: 'danger',
            confirm: `Revoke the invitation of ${invitation.email}? Its link stops working.`,
          })
        : '—',
    ),
  );
  return html`<h2>Pending invitations</h2>
<div class="card table-wrap" tabindex="0" role="region" aria-label="Pending invitations"><table>
<caption class="visually-hidden-label">Pending invitations</caption>
${INVITATION_COLUMNS.head}
<tbody>${rows}</tbody></table></div>`;
}

/** The role select and its button (the owner's form for another member). */
function roleForm(paths: DashboardPaths, csrf: string, member: MemberLine): SafeHtml {
  const id = `role-${member.userId}`;
  const options = MEMBER_ROLES.filter((role) => role !== 'owner').map(
    (role) =>
      html`<option value="${role}"${role === member.role ? html` selected` : ''}>${roleName(role)}</option>`,
  );
  return html`<form class="inline-form" method="post" action="${paths.memberAction(member.userId, 'role')}">${csrfField(csrf)}
<label for="${id}" class="visually-hidden-label">Role of ${member.email}</label>
<select id="${id}" name="role">${options}</select> <button type="submit" class="secondary">Change role</button></form>`;
}

/** One member: address, role, since when, and the owner's actions on anyone but themselves. */
function memberRow(
  paths: DashboardPaths,
  csrf: string,
  viewer: BusinessViewer,
  member: MemberLine,
): SafeHtml {
  const manage = roleMay(viewer.business.role, 'members.manage') && member.role !== 'owner';
  const actions = manage
    ? html`<div class="member-actions">${roleForm(paths, csrf, member)}
${buttonForm({
  action: paths.memberAction(member.userId, 'remove'),
  csrf,
  label: 'Remove',
  style: 'danger',
  confirm: `Remove ${member.email}? Their access to this business ends at once.`,
})}
${
  roleMay(viewer.business.role, 'ownership.transfer')
    ? buttonForm({
        action: paths.memberAction(member.userId, 'owner'),
        csrf,
        label: 'Make owner',
        style: 'link',
        confirm: `Hand ownership to ${member.email}? You stay as an admin.`,
      })
    : ''
}</div>`
    : '—';
  const who =
    member.userId === viewer.userId ? html`${member.email} <span class="muted">(you)</span>` : member.email;
  return COLUMNS.row(who, roleName(member.role), formatTime(member.since), actions);
}

/**
 * The business's members with their roles and the pending invitations; the owner invites, revokes,
 * changes roles, removes members and hands ownership.
 */
export function membersPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: BusinessViewer,
  members: readonly MemberLine[],
  invitations: readonly InvitationLine[],
  notice?: Notice,
): Page {
  const manage = roleMay(viewer.business.role, 'members.manage');
  return {
    title: 'Members',
    section: 'members',
    ...(notice ? { notice } : {}),
    main: html`<h1>Members</h1>
<p>The people who work in ${viewer.business.name}, each with a role that decides what they may see and change.
Your role is ${roleName(viewer.business.role)}.</p>
<div class="card table-wrap" tabindex="0" role="region" aria-label="Members"><table><caption class="visually-hidden-label">Members</caption>
${COLUMNS.head}
<tbody>${members.map((member) => memberRow(paths, csrf, viewer, member))}</tbody></table></div>
${invitationsTable(paths, csrf, manage, invitations)}
${manage ? inviteForm(paths, csrf) : ''}`,
  };
}
