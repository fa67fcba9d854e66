import type { Mode } from '@cairn/contract';

/** Whose stray funds: one business in one mode (test and live never mix). */
export interface StrayScope {
  readonly businessId: string;
  readonly mode: Mode;
}
