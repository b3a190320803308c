import type { AdminCompanyDetail, AdminCompanyRow, AdminUserRow } from '@escrow/domain';

import { type AdminCompanyRow as CompanyListRow, type CompanyRow, toCompanyRead } from '../directory';
import type { AdminUserRow as UserListRow } from '../identity';

// The repositories hand back the database's Date objects; the contract speaks ISO strings, which
// is what JSON made of those Dates anyway, so the answers are the same bytes.

/** A user of the admin console's list, as the API sends it. */
export const toAdminUserRow = (row: UserListRow): AdminUserRow => ({
  ...row,
  created_at: row.created_at.toISOString(),
  last_seen_at: row.last_seen_at?.toISOString() ?? null,
});

/** A company of the admin console's list, as the API sends it. */
export const toAdminCompanyRow = (row: CompanyListRow): AdminCompanyRow => ({ ...row, created_at: row.created_at.toISOString() });

/** A company's record after an administrator's change, with its services. */
export const toAdminCompanyDetail = (row: CompanyRow, services: string[]): AdminCompanyDetail => ({ ...toCompanyRead(row), services });
