import { ApiRefusal } from '../http/api-refusal';
import type { SessionUser } from './session-user';
import type { AdminRole } from './step-up.decorators';

/**
 * The route's @AdminRoles, applied to an administrator: least privilege (docs/administrators.md).
 * Users who are not administrators are not concerned (the route's @Access decides for them: a
 * company user manages its own webhooks whatever an administrator's role would be).
 */
export function checkAdminRole(user: SessionUser | null | undefined, allowed: readonly AdminRole[] | undefined): void {
  if (!allowed || !user || user.role !== 'admin') return;
  if (user.adminRole && allowed.includes(user.adminRole)) return;
  const role = user.adminRole ?? 'none';
  throw new ApiRefusal(403, 'admin_role', `Your administrator role (${role}) cannot do this.`);
}

/** Every administrator reads every screen of the console (support is read only). */
export const EVERY_ADMIN_ROLE: readonly AdminRole[] = ['support', 'finance', 'operations', 'owner'];
/** Decisions that move money: disputes, retainage, payments, refunds, payout-account confirmations. */
export const FINANCE_ROLES: readonly AdminRole[] = ['finance', 'owner'];
/** Running the system: projections, chain checks, exports and audit bundles, webhooks. */
export const OPERATIONS_ROLES: readonly AdminRole[] = ['operations', 'owner'];
/** People: users, companies, contractor applications and administrator roles. */
export const OWNER_ROLES: readonly AdminRole[] = ['owner'];
