import { WEBHOOK_EVENT_NAMES, type WebhookEvent } from '@cairn/contract';
import { html } from '../../../web/html.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { formatTime } from './forms.js';
import type { Page } from './Page.js';

/** The events list's filters as the form holds them. */
export interface EventFilters {
  readonly type: string;
  readonly payment: string;
}

/** The payment an event is about, when it is about one. */
const paymentOf = (event: WebhookEvent) => ('payment' in event.data ? event.data.payment.id : null);

export function eventsPage(
  paths: DashboardPaths,
  input: {
    readonly filters: EventFilters;
    readonly events: readonly WebhookEvent[];
    readonly next: string | null;
    readonly paged: boolean;
    readonly mode: string;
  },
): Page {
  const { filters } = input;
  const query = (after?: string) => {
    const params = new URLSearchParams();
    if (filters.type) params.set('type', filters.type);
    if (filters.payment) params.set('payment', filters.payment);
    if (after) params.set('after', after);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  const rows = input.events.map((event) => {
    const payment = paymentOf(event);
    return html`<article class="card delivery" aria-labelledby="e-${event.id}">
<h2 id="e-${event.id}" class="delivery-head"><code>${event.event}</code> <span class="muted">${formatTime(event.created_at)}</span></h2>
<dl class="facts">
<dt>Event id</dt><dd><code>${event.id}</code></dd>
<dt>Payment</dt><dd>${payment ? html`<a href="${paths.payment(payment)}"><code>${payment}</code></a> · <a href="${paths.webhooks}?payment=${payment}">its deliveries</a>` : '—'}</dd>
</dl>
<details><summary>Body (what each delivery signs and sends)</summary><pre class="body" tabindex="0">${JSON.stringify(event, null, 2)}</pre></details>
</article>`;
  });
  const anyFilter = Boolean(filters.type || filters.payment);
  return {
    title: 'Events',
    section: 'webhooks',
    main: html`<h1>Events</h1>
<p class="muted">Every ${input.mode}-mode event, newest first, whether or not a webhook delivered it: what <code>GET /api/v1/events</code> returns. <a href="${paths.webhooks}">Webhook deliveries</a></p>
<form class="card filters" method="get" action="${paths.events}" aria-label="Filter events">
<div class="field-row">
<div class="field"><label for="f-type">Type</label><select id="f-type" name="type"><option value="">All</option>${WEBHOOK_EVENT_NAMES.map(
      (name) => html`<option value="${name}"${name === filters.type ? html` selected` : ''}>${name}</option>`,
    )}</select></div>
<div class="field"><label for="f-payment">Payment id</label><input id="f-payment" name="payment" type="text" spellcheck="false" value="${filters.payment}"></div>
</div>
<div class="actions"><button type="submit">Show events</button>${anyFilter ? html` <a class="button secondary" href="${paths.events}">Clear filters</a>` : ''}</div>
</form>
${rows.length === 0 ? html`<div class="card"><p>${anyFilter || input.paged ? 'No events match.' : 'No events yet.'}</p></div>` : rows}
<nav class="pager" aria-label="Pages">${input.paged ? html`<a href="${paths.events}${query()}">First page</a>` : ''}${input.next ? html`<a rel="next" href="${paths.events}${query(input.next)}">Older events</a>` : ''}</nav>`,
  };
}
