import { type ChainDefinition, type ChainFamily, getChain } from '@cairn/contract';
import type { WalletSummary } from '../../../domain/wallets/listWalletsForBusiness.js';
import { html, type SafeHtml } from '../../../web/html.js';
import type { FormState } from './accountPages.js';
import type { DashboardPaths } from './dashboardPaths.js';
import { buttonForm, csrfField, field, formatTime } from './forms.js';
import { emptyCard } from './listControls.js';
import type { Page } from './Page.js';
import { tableHead } from './tableParts.js';
import type { Viewer } from './Viewer.js';

const ONBOARDING: Record<string, string> = {
  pending:
    'Setting up: the forwarder factory is being deployed on chain. Payments on this chain start once it is active.',
  active: 'Active',
  failed: 'Setup failed (why below); retried automatically unless it says otherwise.',
};

/** What the wallet form asks for on each family, and how to get it right. */
const WALLET_VALUE: Record<ChainFamily, { readonly label: string; readonly hint: string }> = {
  utxo: {
    label: 'Account extended public key',
    hint:
      'The account-level extended public key of the wallet payments land in (for example zpub… for native SegWit, xpub… for legacy). ' +
      'Never a private key or a seed.',
  },
  evm: {
    label: 'Treasury address',
    hint: 'The address payments are swept to (0x…). Mixed case is checked against its EIP-55 checksum.',
  },
  monero: {
    label: 'Primary address and private view key',
    hint:
      'The wallet’s primary address (4… on mainnet, 5… on stagenet) and its private view key (64 hexadecimal characters), separated by a space or a colon. ' +
      'The view key lets Cairn see payments to the wallet and cannot spend them. ' +
      'Never the spend key or the seed.',
  },
  xrp: {
    label: 'Account address',
    hint:
      'The classic address of the XRP Ledger account payments land in (r…). ' +
      'Each payment gets its own destination tag: turn on the account’s RequireDest flag so the ledger refuses a payment without one. ' +
      'Never the secret (s…).',
  },
  stellar: {
    label: 'Account',
    hint:
      'The Stellar account payments land in (G…). ' +
      'Each payment gets its own ID memo and muxed M… address. ' +
      'To take USDC the account needs a trustline to Circle’s USDC. Never the secret seed (S…).',
  },
  solana: {
    label: 'Wallet address',
    hint:
      'The Solana wallet address payments land in (the wallet itself, not a token account). ' +
      'Each payment carries its own Solana Pay reference; USDC lands in the wallet’s associated token account. ' +
      'Never the secret key or the seed phrase.',
  },
  tron: {
    label: 'Treasury address',
    hint: 'The TRON address payments are swept to (T…). Never a private key or a seed phrase.',
  },
};

/**
 * A live wallet's owner confirmation while it is not done (pending, with the address mailed and a
 * resend button; or confirmed and waiting out the operator's delay), else its one-time on-chain setup.
 */
function statusCell(paths: DashboardPaths, csrf: string, w: WalletSummary): SafeHtml {
  if (w.confirmation === 'pending_confirmation') {
    const to = w.confirmationMailedTo ?? 'the account’s address';
    const resend = buttonForm({
      action: paths.resendWalletConfirmation(w.id),
      csrf,
      label: `Resend the ${w.chainId} confirmation link`,
      style: 'link',
    });
    const mailed = `We mailed a link to ${to}. Payments do not use this wallet until you open it and confirm.`;
    return html`<span class="status pending">Pending confirmation</span><br><span class="muted">${mailed}</span>${resend}`;
  }
  if (w.confirmation === 'waiting')
    return html`<span class="status pending">Confirmed</span><br><span class="muted">Usable from ${formatTime(w.usableFrom)}</span>`;
  return setupCell(w);
}

/** A wallet's one-time on-chain setup, or Active for a family that needs none. */
function setupCell(w: WalletSummary): SafeHtml {
  if (!w.onboardingStatus) return html`<span class="status active">Active</span>`;
  const state = ONBOARDING[w.onboardingStatus] ?? w.onboardingStatus;
  const error = w.onboardingError ? html`<br><span class="muted">${w.onboardingError}</span>` : '';
  return html`<span class="status ${w.onboardingStatus}">${state}</span>${error}`;
}

/** A wallet as shown (a Monero wallet's view key never is), and its kind. */
function walletCell(w: WalletSummary): SafeHtml {
  const monero = getChain(w.chainId)?.family === 'monero';
  const viewKey = monero ? html`<br><span class="muted">private view key stored, not shown</span>` : '';
  return html`<code>${w.publicValue}</code>${viewKey}<br><span class="muted">${w.kind}</span>`;
}

/** One wallet: its chain, value, setup, when it was added, and Remove. */
function walletRow(paths: DashboardPaths, csrf: string, w: WalletSummary): SafeHtml {
  const chain = getChain(w.chainId);
  const remove = buttonForm({
    action: paths.removeWallet(w.id),
    csrf,
    label: `Remove ${w.chainId} wallet`,
    style: 'secondary',
    confirm: `Remove the ${w.chainId} wallet? New payments stop offering ${w.chainId}.`,
  });
  return html`<tr>
<td data-label="Chain">${chain?.name ?? w.chainId}<br><span class="muted">${w.chainId}</span></td>
<td data-label="Wallet">${walletCell(w)}</td>
<td data-label="Status">${statusCell(paths, csrf, w)}</td>
<td data-label="Added">${formatTime(w.createdAt)}</td>
<td data-label="Actions">${remove}</td>
</tr>`;
}

function walletsTable(rows: readonly SafeHtml[]): SafeHtml {
  return html`<div class="card table-wrap" tabindex="0" role="region" aria-label="Wallets"><table><caption class="visually-hidden-label">Wallets</caption>
${tableHead('Chain', 'Wallet', 'Status', 'Added', 'Actions')}
<tbody>${rows}</tbody></table></div>`;
}

export function walletsPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: Viewer,
  wallets: readonly WalletSummary[],
  state: FormState = {},
): Page {
  const rows = wallets.map((w) => walletRow(paths, csrf, w));
  const none = `No ${viewer.mode}-mode wallet yet. Add one to create ${viewer.mode}-mode API keys and take payments.`;
  return {
    title: 'Wallets',
    section: 'wallets',
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: html`<h1>Wallets (${viewer.mode} mode)</h1>
<p>Customers pay to addresses derived from these wallets, and the funds land in wallets you control: Cairn never holds keys that can spend.</p>
${wallets.length === 0 ? emptyCard(none) : walletsTable(rows)}
<p><a class="button" href="${paths.newWallet}">Add a wallet</a></p>`,
  };
}

/** How EVM customers pay: the one deposit mode there is, per-payment forwarder contracts. */
const FORWARDER_RADIO = html`<input type="radio" name="deposit_mode" value="forwarder" checked>`;
const FORWARDER_HINT =
  'Each payment gets its own address, swept to your treasury. ' +
  'Needs a one-time on-chain setup after adding, paid by the gateway’s gas wallet.';
const EVM_DEPOSIT_MODE = html`<fieldset><legend>How customers pay</legend>
<label>${FORWARDER_RADIO} Per-payment forwarder contract <span class="tag">Recommended</span></label>
<p class="hint">${FORWARDER_HINT}</p>
</fieldset>`;

/** A chain the add-wallet form offers, and whether something watches it now (payments offer only those). */
export interface WalletChainChoice {
  readonly chain: ChainDefinition;
  readonly watched: boolean;
}

/** The option text's mark on a chain nothing watches. */
export const NOT_WATCHED = '(not watched by this gateway)';
const UNWATCHED_HINT =
  'Nothing watches this chain now: payments do not offer it until the gateway’s operator connects a node to it. You can still add the wallet.';

/**
 * The chain the form starts on: the one asked for, else the first one something watches, else the
 * first.
 */
export function pickWalletChain(
  choices: readonly WalletChainChoice[],
  asked: string | undefined,
): WalletChainChoice | undefined {
  return choices.find((c) => c.chain.id === asked) ?? choices.find((c) => c.watched) ?? choices[0];
}

/** One chain option, carrying what the form shows for it (read by dashboard.js when it is chosen). */
function chainOption(choice: WalletChainChoice, picked: boolean): SafeHtml {
  const { chain, watched } = choice;
  const value = WALLET_VALUE[chain.family];
  const text = `${chain.name} (${chain.id})${watched ? '' : ` ${NOT_WATCHED}`}`;
  const data = html`data-name="${chain.name}" data-family="${chain.family}" data-label="${value.label}" data-hint="${value.hint}"`;
  const selected = picked ? html` selected` : '';
  return html`<option value="${chain.id}" ${data} data-watched="${watched ? '1' : '0'}"${selected}>${text}</option>`;
}

/**
 * The add-wallet form: the chain, then the value the chain's family takes. With JavaScript the
 * fields follow the chain list at once; without it, Choose reloads the form for the chain.
 */
export function newWalletPage(
  paths: DashboardPaths,
  csrf: string,
  viewer: Viewer,
  choices: readonly WalletChainChoice[],
  state: FormState & { chainId?: string } = {},
): Page {
  const pickedChoice = pickWalletChain(choices, state.chainId ?? state.values?.chain_id);
  const picked = pickedChoice?.chain;
  const chainOptions = choices.map((c) => chainOption(c, c.chain.id === picked?.id));
  const evm = picked?.family === 'evm';
  const noChain = `This gateway has no ${viewer.mode}-mode chain enabled. Its operator enables chains with CAIRN_ENABLED_CHAINS.`;
  return {
    title: 'Add a wallet',
    section: 'wallets',
    narrow: true,
    ...(state.notice ? { notice: state.notice } : {}),
    ...(state.status ? { status: state.status } : {}),
    main: !picked
      ? html`<h1>Add a wallet</h1>${emptyCard(noChain)}`
      : html`<h1>Add a ${viewer.mode}-mode wallet</h1>
<div class="card">
<form method="get" action="${paths.newWallet}" class="inline-form" data-wallet-chain>
<label for="chain-pick">Chain</label>
<select id="chain-pick" name="chain" aria-describedby="chain-unwatched">${chainOptions}</select>
<noscript><button type="submit" class="secondary">Choose</button></noscript>
</form>
<p class="hint" id="chain-unwatched"${pickedChoice?.watched ? html` hidden` : ''}>${UNWATCHED_HINT}</p>
</div>
<div class="card">
<form method="post" action="${paths.wallets}" novalidate>
${csrfField(csrf)}<input type="hidden" id="wallet-chain-id" name="chain_id" value="${picked.id}">
<h2 id="wallet-chain-name">${picked.name}</h2>
${field({
  name: 'value',
  label: WALLET_VALUE[picked.family].label,
  required: true,
  value: state.values?.value ?? '',
  hint: WALLET_VALUE[picked.family].hint,
  ...(state.errors?.value ? { error: state.errors.value } : {}),
})}
<div id="wallet-evm-only"${evm ? '' : html` hidden`}>${EVM_DEPOSIT_MODE}</div>
<div class="actions"><button type="submit">Add wallet</button><a href="${paths.wallets}">Cancel</a></div>
</form>
</div>`,
  };
}
