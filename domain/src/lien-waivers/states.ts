import { invalid } from '../shared/errors';

/** The states our users build in (docs/product.md#contractor-list: AZ, ID, NV, UT); a job site's state names the lien-waiver law. */
export const SITE_STATES = ['AZ', 'ID', 'NV', 'UT'] as const;
export type SiteState = (typeof SITE_STATES)[number];

export const STATE_NAMES: Record<SiteState, string> = { AZ: 'Arizona', ID: 'Idaho', NV: 'Nevada', UT: 'Utah' };

/** A job site's state as a client sent it: one of SITE_STATES, or null/'' for none. */
export function readSiteState(input: unknown): SiteState | null {
  if (input === null || input === undefined || input === '') return null;
  if (typeof input === 'string' && (SITE_STATES as readonly string[]).includes(input)) return input as SiteState;
  throw invalid('site_state', `The job site's state is one of ${SITE_STATES.join(', ')} (or none).`);
}
