import type { SignedInViewer } from '../../../domain/accounts/loadViewer.js';

/** The signed-in person a dashboard page is for, and what the page belongs to. */
export type Viewer = SignedInViewer;

/** A viewer whose login has a business (every page but sign-in and the first business's form). */
export type BusinessViewer = Viewer & { readonly business: NonNullable<Viewer['business']> };
