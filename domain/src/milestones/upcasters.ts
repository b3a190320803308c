import type { Upcaster } from '../event-store/upcasting';

/**
 * DepositSettled 1 → 2. Version 1 was written before the ACH return window existed: its funds
 * counted as cleared when they settled. Version 1 events written after clearsAt appeared (while
 * it was optional) carry it and clear later.
 */
const depositSettledV2: Upcaster = {
  type: 'DepositSettled',
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { at: string; clearsAt?: string };
    return d.clearsAt ? { ...d, clearedOnSettlement: false } : { ...d, clearsAt: d.at, clearedOnSettlement: true };
  },
};

export const MILESTONE_UPCASTERS: readonly Upcaster[] = [depositSettledV2];

/** The schema version new events of each type are written with (1 unless listed). */
const CURRENT_VERSIONS: Record<string, number> = { DepositSettled: 2 };
export const schemaVersionOf = (type: string): number => CURRENT_VERSIONS[type] ?? 1;
