import { type Permission, roleMay } from '../../../domain/members/roles.js';
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
  | 'stray'
  | 'reports'
  | 'webhooks'
  | 'credit'
  | 'wallets'
  | 'keys'
  | 'audit'
  | 'settings'
  | 'businesses'
  | 'members';

/** What every dashboard page is drawn with. */
export interface PageFrame {
  readonly assets: DashboardAssets;
  readonly paths: DashboardPaths;
  /** The CSRF token for this response's forms. */
  readonly csrf: string;
  /** The signed-in person; absent on sign-in, sign-up and link pages. */
  readonly viewer?: Viewer;
}

interface NavItem {
  readonly id: Section;
  readonly label: string;
  readonly path: keyof DashboardPaths;
  /** What the page needs: the entry is shown only to roles that have it. */
  readonly permission: Permission;
}

/** The navigation, grouped by task; a group without a title is the top of the list. */
const NAV_GROUPS: readonly { readonly title?: string; readonly items: readonly NavItem[] }[] = [
  { items: [{ id: 'overview', label: 'Home', path: 'home', permission: 'overview.read' }] },
  {
    title: 'Get paid',
    items: [
      { id: 'payments', label: 'Payments', path: 'payments', permission: 'payments.read' },
      { id: 'invoices', label: 'Invoices', path: 'invoices', permission: 'invoices.read' },
      { id: 'links', label: 'Payment links', path: 'links', permission: 'links.read' },
      { id: 'stray', label: 'Stray funds', path: 'strayFunds', permission: 'stray_funds.read' },
      { id: 'reports', label: 'Reports', path: 'reports', permission: 'reports.read' },
    ],
  },
  {
    title: 'Developers',
    items: [
      { id: 'keys', label: 'API keys & webhook endpoints', path: 'keys', permission: 'keys.read' },
      { id: 'webhooks', label: 'Webhook deliveries', path: 'webhooks', permission: 'webhooks.read' },
    ],
  },
  {
    title: 'Account',
    items: [
      { id: 'wallets', label: 'Wallets', path: 'wallets', permission: 'wallets.read' },
      { id: 'credit', label: 'Prepaid Credit', path: 'credit', permission: 'credit.read' },
      { id: 'members', label: 'Members', path: 'members', permission: 'members.read' },
      { id: 'settings', label: 'Settings', path: 'settings', permission: 'settings.read' },
      { id: 'businesses', label: 'Businesses', path: 'businesses', permission: 'settings.read' },
      { id: 'audit', label: 'Audit log', path: 'audit', permission: 'audit.read' },
    ],
  },
];

/**
 * The mode switch: the current mode always shown as a badge, and a quiet switch (a submit button with
 * the switch role, on in live mode) that posts the other mode and comes back to this section.
 */
function modeSwitch(frame: PageFrame, viewer: Viewer, section: Section | undefined): SafeHtml {
  const live = viewer.mode === 'live';
  const back = section ? html`<input type="hidden" name="section" value="${section}">` : '';
  const mode = html`<input type="hidden" name="mode" value="${live ? 'test' : 'live'}">`;
  const badge = html`<span class="mode-badge ${viewer.mode}" id="mode-badge">${live ? 'Live mode' : 'Test mode'}</span>`;
  const checked = live ? 'true' : 'false';
  const track = html`<span class="track" aria-hidden="true"></span>`;
  const text = html`<span class="toggle-text" aria-hidden="true">Live</span>`;
  const toggle = html`<button type="submit" class="mode-toggle" role="switch" aria-checked="${checked}" aria-label="Live mode">${track}${text}</button>`;
  return html`<form class="mode-switch" method="post" action="${frame.paths.mode}">${csrfField(frame.csrf)}${mode}${back}${badge}${toggle}</form>`;
}

/** The bar of a page for nobody signed in: the brand only. */
function signedOutTopBar(paths: DashboardPaths): SafeHtml {
  return html`<header class="top"><div class="top-row"><a class="brand" href="${paths.home}">Cairn</a></div></header>`;
}

/** The business the pages show: a switcher when the login has several, else its name. */
function businessSwitcher(frame: PageFrame, viewer: Viewer): SafeHtml {
  if (viewer.businesses.length <= 1)
    return html`<p class="business-name">${viewer.business?.name ?? 'No business yet'}</p>`;
  const options = viewer.businesses.map(
    (b) =>
      html`<option value="${b.id}"${b.id === viewer.business?.id ? html` selected` : ''}>${b.name}</option>`,
  );
  return html`<form class="inline-form business-switch" method="post" action="${frame.paths.switchBusiness}">${csrfField(frame.csrf)}
<label for="business-switch" class="visually-hidden-label">Business</label>
<select id="business-switch" name="business_id">${options}</select>
<button type="submit" class="secondary">Switch</button></form>`;
}

/** One entry of the navigation, marked as the current page on its own section. */
function navLink(paths: DashboardPaths, item: NavItem, current: Section | undefined): SafeHtml {
  const href = paths[item.path] as string;
  return html`<li><a href="${href}"${item.id === current ? html` aria-current="page"` : ''}>${item.label}</a></li>`;
}

/** The navigation's groups, each list named by its group's title. */
function navGroups(paths: DashboardPaths, viewer: Viewer, current: Section | undefined): SafeHtml[] {
  const role = viewer.business?.role;
  return NAV_GROUPS.flatMap((group, i) => {
    // Only the pages the viewer's role may open (docs/roles.md); a group left empty is not drawn.
    const items = group.items.filter((item) => role === undefined || roleMay(role, item.permission));
    if (items.length === 0) return [];
    const links = items.map((item) => navLink(paths, item, current));
    if (!group.title) return html`<ul class="nav-list">${links}</ul>`;
    const id = `nav-group-${i}`;
    return html`<p class="nav-group" id="${id}">${group.title}</p><ul class="nav-list" aria-labelledby="${id}">${links}</ul>`;
  });
}

/** The header (brand and mode) of a signed-in page. */
function renderTopBar(frame: PageFrame, viewer: Viewer, section: Section | undefined): SafeHtml {
  return html`<header class="top">
<div class="top-row">
<a class="brand" href="${frame.paths.home}">Cairn</a>
${modeSwitch(frame, viewer, section)}
</div>
</header>`;
}

/**
 * The side navigation of a signed-in page: a sidebar on wide screens, a "Menu" disclosure on phones
 * (a native details element: no script, keyboard and screen-reader ready). It carries the business
 * switcher, the grouped links and the signed-in address with Sign out.
 */
function renderSideNav(frame: PageFrame, viewer: Viewer, section: Section | undefined): SafeHtml {
  const { paths, csrf } = frame;
  return html`<nav class="side" aria-label="Dashboard">
<details class="menu">
<summary>Menu</summary>
<div class="menu-body">
${businessSwitcher(frame, viewer)}
${navGroups(paths, viewer, section)}
<div class="account"><span class="muted account-email">${viewer.email}</span>
<form class="inline-form" method="post" action="${paths.signOut}">${csrfField(csrf)}<button type="submit" class="link">Sign out</button></form></div>
</div>
</details>
</nav>`;
}

/**
 * The HTML document every dashboard page shares: mobile viewport, no inline script or style (the CSP
 * forbids them), the stylesheet and the deferred script from the gateway itself, and, when signed in,
 * the mode switch (always visible) and the side navigation with the business switcher.
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
<body${viewer ? html` class="signed-in"` : ''}>
<a class="skip" href="#main">Skip to content</a>
${
  viewer
    ? html`${renderTopBar(frame, viewer, page.section)}
${renderSideNav(frame, viewer, page.section)}`
    : signedOutTopBar(frame.paths)
}
<main id="main" tabindex="-1"${page.narrow ? html` class="narrow"` : ''}>
${renderNotice(page.notice)}
${page.main}
</main>
<footer class="foot">Cairn: non-custodial crypto payments. Your wallets, your keys.</footer>
</body>
</html>
`;
}
