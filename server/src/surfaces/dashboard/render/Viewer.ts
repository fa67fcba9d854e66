import type { Mode } from '@cairn/contract';

/** The signed-in person a dashboard page is for, and what the page belongs to. */
export interface Viewer {
  readonly sessionId: string;
  readonly userId: string;
  readonly email: string;
  /** The login's businesses, oldest first (the switcher). */
  readonly businesses: readonly { readonly id: string; readonly name: string }[];
  /** The business the pages show; undefined until the login has created one. */
  readonly business?: { readonly id: string; readonly name: string };
  /** The mode toggle: everything on a page belongs to it. */
  readonly mode: Mode;
}

/** A viewer whose login has a business (every page but sign-in and the first business's form). */
export type BusinessViewer = Viewer & { readonly business: NonNullable<Viewer['business']> };
