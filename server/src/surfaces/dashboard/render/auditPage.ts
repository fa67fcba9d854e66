import type { AuditLogLine } from '../../../domain/businesses/listAuditLog.js';
import { html, type SafeHtml } from '../../../web/html.js';
import { formatTime } from './forms.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';
import type { Viewer } from './Viewer.js';

const COLUMNS = tableColumns('When', 'Who', 'What', 'Target', 'From');

/** One change: when, who, what, on what, from which address. */
function auditRow(line: AuditLogLine): SafeHtml {
  const action = html`<code>${line.action}</code>`;
  return COLUMNS.row(formatTime(line.createdAt), line.actor, action, line.target ?? '—', line.ip ?? '—');
}

/** The log's table (the latest 200 changes, newest first). */
function auditTable(lines: readonly AuditLogLine[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0" role="region" aria-label="Audit log"><table><caption class="visually-hidden-label">Audit log</caption>
${COLUMNS.head}
<tbody>${lines.map(auditRow)}</tbody></table></div>`;
}

/** Every change to the business's keys, wallets, webhook endpoints and settings, newest first. */
export function auditPage(viewer: Viewer, events: readonly AuditLogLine[]): Page {
  const business = viewer.business?.name ?? 'this business';
  return {
    title: 'Audit log',
    section: 'audit',
    main: html`<h1>Audit log</h1>
<p>Every change to ${business}’s keys, wallets, webhook endpoints and settings, in both modes (the latest 200).</p>
${events.length === 0 ? html`<div class="card"><p>No changes yet.</p></div>` : auditTable(events)}`,
  };
}
