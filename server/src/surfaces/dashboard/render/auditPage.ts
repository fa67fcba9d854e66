import type { AuditLogLine } from '../../../domain/businesses/listAuditLog.js';
import { html } from '../../../web/html.js';
import { formatTime } from './forms.js';
import type { Page } from './Page.js';
import type { Viewer } from './Viewer.js';

/** Every change to the business's keys, wallets, webhook endpoints and settings, newest first. */
export function auditPage(viewer: Viewer, events: readonly AuditLogLine[]): Page {
  return {
    title: 'Audit log',
    section: 'audit',
    main: html`<h1>Audit log</h1>
<p>Every change to ${viewer.business?.name ?? 'this business'}’s keys, wallets, webhook endpoints and settings, in both modes (the latest 200).</p>
${
  events.length === 0
    ? html`<div class="card"><p>No changes yet.</p></div>`
    : html`<div class="card table-wrap" tabindex="0" role="region" aria-label="Audit log"><table><caption class="visually-hidden-label">Audit log</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Target</th><th scope="col">From</th></tr></thead>
<tbody>${events.map(
        (e) =>
          html`<tr><td>${formatTime(e.createdAt)}</td><td>${e.actor}</td><td><code>${e.action}</code></td><td>${e.target ?? '—'}</td><td>${e.ip ?? '—'}</td></tr>`,
      )}</tbody></table></div>`
}`,
  };
}
