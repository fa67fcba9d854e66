import { html, type SafeHtml } from '../../../web/html.js';
import type { DashboardAssets } from './DashboardAssets.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { csrfField, renderNotice } from './forms.js';
import type { Notice } from './Notice.js';
import type { Viewer } from './Viewer.js';

/** The sections of the signed-in navigation. */
export type Section =
  | 'overview'
  | 'payments'
  | 'invoices'
  | 'links'
  | 'webhooks'
  | 'credit'
  | 'wallets'
  | 'keys'
  | 'audit'
  | 'settings'
  | 'businesses';

/** What every dashboard page is drawn with. */
export interface PageFrame {
  readonly assets: DashboardAssets;
  readonly paths: DashboardPaths;
  /** The CSRF token for this response's forms. */
  readonly csrf: string;
  /** The signed-in person; absent on sign-in, sign-up and link pages. */
  readonly viewer?: Viewer;
}

const SECTIONS: readonly {
  readonly id: Section;
  readonly label: string;
  readonly path: keyof DashboardPaths;
}[] = [
  { id: 'overview', label: 'Home', path: 'home' },
  { id: 'payments', label: 'Payments', path: 'payments' },
  { id: 'invoices', label: 'Invoices', path: 'invoices' },
  { id: 'links', label: 'Payment links', path: 'links' },
  { id: 'webhooks', label: 'Webhooks', path: 'webhooks' },
  { id: 'credit', label: 'Prepaid Credit', path: 'credit' },
  { id: 'wallets', label: 'Wallets', path: 'wallets' },
  { id: 'keys', label: 'API keys & webhooks', path: 'keys' },
  { id: 'audit', label: 'Audit log', path: 'audit' },
  { id: 'settings', label: 'Settings', path: 'settings' },
  { id: 'businesses', label: 'Businesses', path: 'businesses' },
];

/** The mode toggle: a form that switches to the other mode and comes back to this section. */
function modeToggle(frame: PageFrame, viewer: Viewer, section: Section | undefined): SafeHtml {
  const other = viewer.mode === 'test' ? 'live' : 'test';
  const back = section ? html`<input type="hidden" name="section" value="${section}">` : '';
  const button = html`<button type="submit" class="secondary">Switch to ${other} mode</button>`;
  const mode = html`<input type="hidden" name="mode" value="${other}">`;
  return html`<form class="inline-form" method="post" action="${frame.paths.mode}">${csrfField(frame.csrf)}${mode}${back}${button}</form>`;
}

/** The bar of a page for nobody signed in: the brand only. */
function signedOutTopBar(paths: DashboardPaths): SafeHtml {
  return html`<header class="top"><div class="top-row"><a class="brand" href="${paths.home}">Cairn</a></div></header>`;
}

/** The business the pages show: a switcher when the login has several, else its name. */
function businessSwitcher(frame: PageFrame, viewer: Viewer): SafeHtml {
  if (viewer.businesses.length <= 1) return html`<span>${viewer.business?.name ?? 'No business yet'}</span>`;
  const options = viewer.businesses.map(
    (b) =>
      html`<option value="${b.id}"${b.id === viewer.business?.id ? html` selected` : ''}>${b.name}</option>`,
  );
  return html`<form class="inline-form" method="post" action="${frame.paths.switchBusiness}">${csrfField(frame.csrf)}
<label for="business-switch" class="visually-hidden-label">Business</label>
<select id="business-switch" name="business_id">${options}</select>
<button type="submit" class="secondary">Switch</button></form>`;
}

/** One entry of the navigation, marked as the current page on its own section. */
function sectionLink(
  paths: DashboardPaths,
  s: (typeof SECTIONS)[number],
  current: Section | undefined,
): SafeHtml {
  const href = paths[s.path] as string;
  return html`<li><a href="${href}"${s.id === current ? html` aria-current="page"` : ''}>${s.label}</a></li>`;
}

function renderTopBar(frame: PageFrame, viewer: Viewer, section: Section | undefined): SafeHtml {
  const { paths, csrf } = frame;
  const switcher = businessSwitcher(frame, viewer);
  return html`<header class="top">
<div class="top-row">
<a class="brand" href="${paths.home}">Cairn</a>
${switcher}
<div class="mode">
<span class="mode-badge ${viewer.mode}" id="mode-badge">${viewer.mode === 'test' ? 'Test mode' : 'Live mode'}</span>
${modeToggle(frame, viewer, section)}
</div>
<div class="inline-form"><span class="muted">${viewer.email}</span>
<form class="inline-form" method="post" action="${paths.signOut}">${csrfField(csrf)}<button type="submit" class="link">Sign out</button></form></div>
</div>
<nav class="main-nav" aria-label="Dashboard">
<ul>${SECTIONS.map((s) => sectionLink(paths, s, section))}</ul>
</nav>
</header>`;
}

/**
 * The HTML document every dashboard page shares: mobile viewport, no inline script or style (the CSP
 * forbids them), the stylesheet and the deferred script from the gateway itself, and, when signed in,
 * the business switcher, the mode toggle (always visible) and the navigation.
 */
export function renderDashboardPage(
  frame: PageFrame,
  page: {
    readonly title: string;
    readonly main: SafeHtml;
    readonly section?: Section;
    readonly notice?: Notice;
    /** A narrow column (sign-in and the like). */
    readonly narrow?: boolean;
    /** The page has passkey buttons: the WebAuthn scripts come with it. */
    readonly passkeys?: boolean;
  },
): SafeHtml {
  const viewer = frame.viewer;
  const title = viewer?.business
    ? `${page.title} · ${viewer.business.name} · Cairn`
    : `${page.title} · Cairn`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${frame.paths.assets}/${frame.assets.css.name}">
<script src="${frame.paths.assets}/${frame.assets.js.name}" defer></script>
${
  page.passkeys
    ? frame.assets.passkeys.map(
        (asset) => html`<script src="${frame.paths.assets}/${asset.name}" defer></script>
`,
      )
    : ''
}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${viewer ? renderTopBar(frame, viewer, page.section) : signedOutTopBar(frame.paths)}
<main id="main" tabindex="-1"${page.narrow ? html` class="narrow"` : ''}>
${renderNotice(page.notice)}
${page.main}
</main>
<footer class="foot">Cairn: non-custodial crypto payments. Your wallets, your keys.</footer>
</body>
</html>
`;
}
