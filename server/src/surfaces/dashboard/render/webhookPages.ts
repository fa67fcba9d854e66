import { WEBHOOK_EVENT_NAMES } from '@cairn/contract';
import type { ApiKeyChoice } from '../../../domain/apiKeys/ApiKeySummary.js';
import type { DeliveryStatus } from '../../../domain/webhooks/deliveryTypes.js';
import type { DeliveryLogEntry } from '../../../domain/webhooks/listDeliveries.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { formatTime } from './forms.js';
import { emptyCard, filterButtons, filterSelect, pager, paymentIdFilter } from './listControls.js';
import type { Page } from './Page.js';
import { tableColumns } from './tableParts.js';
import { deliveryPane, deliveryState, STATUS_LABELS } from './webhookDeliveryPane.js';

/** The inspector's filters as the form holds them. */
export interface DeliveryFilters {
  readonly status: DeliveryStatus | '';
  readonly event: string;
  readonly key: string;
  readonly payment: string;
}

const LIST = tableColumns('Event and endpoint', 'Status', { num: 'Attempts' }, 'Created');

/** The host an endpoint URL points at (what tells two endpoints apart in a list). */
function endpointHost(url: string | null): string {
  if (!url) return '—';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A time to the second, its date and its time each kept on one line. */
function compactTime(value: Date): SafeHtml {
  const [date, time] = formatTime(value).split(' ');
  return html`<span class="nowrap">${date}</span> <span class="nowrap">${time} UTC</span>`;
}

/** One delivery in the list: its event (a link that selects it) and host, state and answer, attempts, time. */
function deliveryRow(d: DeliveryLogEntry, href: string, selected: boolean): SafeHtml {
  const current = selected ? html` aria-current="true"` : '';
  const host = html`<br><span class="host">${endpointHost(d.url)}</span>`;
  const event = html`<a href="${href}"${current}><code>${d.event}</code></a>${host}`;
  const code = d.last_status_code ?? (d.last_error_class ? d.last_error_class : null);
  const state = html`${deliveryState(d)}${code === null ? '' : html` <span class="answer">${code}</span>`}`;
  return LIST.row(event, state, { num: d.attempts }, compactTime(d.created_at));
}

/** The list of deliveries, as a table (stacked cards under 640 px). */
function deliveryList(rows: readonly SafeHtml[]): SafeHtml {
  const caption = html`<caption class="visually-hidden-label">Deliveries, newest first</caption>`;
  return html`<div class="table-wrap delivery-list" tabindex="0" role="region" aria-label="Deliveries"><table>${caption}
${LIST.head}
<tbody>${rows}</tbody></table></div>`;
}

export function webhooksPage(
  paths: DashboardPaths,
  csrf: string,
  input: {
    readonly filters: DeliveryFilters;
    readonly deliveries: readonly DeliveryLogEntry[];
    /** The delivery the detail pane shows (one of the list, or the one the link named). */
    readonly selected: DeliveryLogEntry | null;
    readonly keys: readonly ApiKeyChoice[];
    readonly before: string | null;
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters, selected } = input;
  const query = (extra: Readonly<Record<string, string | null>> = {}) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(name, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  // Selecting a delivery keeps the filters and the page, and scrolls to the pane (below the list on a phone).
  const select = (id: string) =>
    `${paths.webhooks}${query({ before: input.before, delivery: id })}#delivery-detail`;
  const rows = input.deliveries.map((d) => deliveryRow(d, select(d.id), d.id === selected?.id));
  const anyFilter = Object.values(filters).some(Boolean);
  const events = WEBHOOK_EVENT_NAMES.map((e) => [e, e] as const);
  const keys = input.keys.map((k) => [k.id, `${k.hint} ${k.label}`] as const);
  const first = input.paged ? `${paths.webhooks}${query()}` : null;
  const next = input.next ? `${paths.webhooks}${query({ before: input.next })}` : null;
  const where = html`Endpoints are set on each <a href="${paths.keys}">API key</a>.`;
  const allEvents = html`<a href="${paths.events}">All events</a>, delivered or not.`;
  const empty = emptyCard(anyFilter || input.paged ? 'No deliveries match.' : 'No deliveries yet.');
  const pane = selected ? deliveryPane(paths, csrf, selected, query()) : '';
  const list = rows.length === 0 ? empty : html`<div class="card list-card">${deliveryList(rows)}</div>`;
  return {
    title: 'Webhook deliveries',
    section: 'webhooks',
    main: html`<h1>Webhook deliveries</h1>
<p class="muted">Every event sent to your ${input.mode}-mode endpoints, newest first. ${where} ${allEvents}</p>
<form class="card filters" method="get" action="${paths.webhooks}" aria-label="Filter deliveries">
<div class="field-row">
${filterSelect('status', 'Status', filters.status, Object.entries(STATUS_LABELS))}
${filterSelect('event', 'Event', filters.event, events)}
${filterSelect('key', 'API key', filters.key, keys)}
</div>
${paymentIdFilter(filters.payment)}
${filterButtons('Show deliveries', anyFilter ? paths.webhooks : null)}
</form>
<div class="inspector${pane ? ' with-pane' : ''}">
<div class="inspector-list">
${list}
${pager(first, next, 'Older deliveries')}
</div>
${pane}
</div>`,
  };
}
