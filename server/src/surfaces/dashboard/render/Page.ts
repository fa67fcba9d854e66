import type { SafeHtml } from '../../../web/html.js';
import type { Notice } from './Notice.js';
import type { Section } from './renderDashboardPage.js';

/** One page's content, drawn inside the shared frame by `renderDashboardPage`. */
export interface Page {
  readonly title: string;
  readonly main: SafeHtml;
  readonly section?: Section;
  readonly notice?: Notice;
  readonly narrow?: boolean;
  /** The page has passkey buttons (its WebAuthn scripts come with it). */
  readonly passkeys?: boolean;
  /** The HTTP status (200 unless a form was refused). */
  readonly status?: number;
}
