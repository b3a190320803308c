import type { Upcaster } from '../event-store/upcasting';
import { BANK_ACCOUNT_EVENT_TYPES } from './events';

/**
 * Every bank-account event 1 → 2: version 1 carried personal data (docs/design.md#no-personal-data-in-events forbids it): the
 * holder's name (BankAccountLinked) and the request's `ip` and `browser` (every event). Version 2
 * names the erasable request_origins row instead (`originId`); a version 1 event has none, so its
 * origin reads as unknown. The events were new in the release that wrote version 1, so nothing
 * else depended on the fields.
 */
const withoutPersonalData = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data) => {
    // Upcasting runs inside the store's readers: a malformed old event passes unchanged.
    if (!data || typeof data !== 'object') return data;
    const { holderName: _holder, ip: _ip, browser: _browser, ...rest } = data as Record<string, unknown>;
    return { originId: null, ...rest };
  },
});

export const BANK_ACCOUNT_UPCASTERS: readonly Upcaster[] = BANK_ACCOUNT_EVENT_TYPES.map(withoutPersonalData);

/** The schema version new bank-account events are written with. */
export const BANK_ACCOUNT_SCHEMA_VERSIONS: Readonly<Record<string, number>> = Object.fromEntries(BANK_ACCOUNT_EVENT_TYPES.map((t) => [t, 2]));
