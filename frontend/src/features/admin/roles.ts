import type { AdminRole } from '@escrow/domain';
import { createContext, useContext } from 'react';

/**
 * What an administrator's role may do in the console: the one table the screens ask, mirroring
 * the backend's `@AdminRoles` markers (backend/src/identity/admin-role.check.ts, every route in
 * backend/src/admin/admin-roles.e2e.spec.ts; docs/administrators.md). Reading is every role's;
 * the API refuses the rest anyway (403, reason "admin_role"): this only spares a person a button
 * that cannot work, and says why.
 */
export type AdminAction =
  /** Resolve a dispute or a retainage dispute, approve or reject a proposed resolution. */
  | 'resolve-disputes'
  /** The CSV reports of /admin/reports (GET /api/admin/reports/csv). */
  | 'export-reports'
  /** Audit bundles of a project or a period. */
  | 'export-audit'
  /** Rebuild or resume a projection. */
  | 'run-projections'
  /** Run a hash-chain check. */
  | 'check-chains'
  /** Register, change, pause, delete the platform's webhooks, rotate a secret, re-send a delivery. */
  | 'manage-webhooks'
  /** Edit a company, approve or reject a contractor application. */
  | 'manage-directory'
  /** Send a company's pending team invitation again, or revoke it (issue 37; never give a company role). */
  | 'manage-team-invitations'
  /** Give, change or take away an administrator role. */
  | 'change-roles';

const FINANCE: readonly AdminRole[] = ['finance', 'owner'];
const OPERATIONS: readonly AdminRole[] = ['operations', 'owner'];
const OWNER: readonly AdminRole[] = ['owner'];

const ADMIN_PERMISSIONS: Record<AdminAction, readonly AdminRole[]> = {
  'resolve-disputes': FINANCE,
  'export-reports': ['finance', 'operations', 'owner'],
  'export-audit': OPERATIONS,
  'run-projections': OPERATIONS,
  'check-chains': OPERATIONS,
  'manage-webhooks': OPERATIONS,
  'manage-directory': OWNER,
  'manage-team-invitations': ['support', 'owner'],
  'change-roles': OWNER,
};

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  support: 'Support',
  finance: 'Finance',
  operations: 'Operations',
  owner: 'Owner',
};

/** May an administrator with this role do this? No role (not an administrator, or not known yet): no. */
export function adminCan(role: AdminRole | null | undefined, action: AdminAction): boolean {
  return !!role && ADMIN_PERMISSIONS[action].includes(role);
}

const orList = (roles: readonly string[]) => (roles.length === 1 ? roles[0] : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`);

/** Why the button is disabled: the API's own words, then who may. Null when the role may. */
export function adminRefusal(role: AdminRole | null | undefined, action: AdminAction): string | null {
  if (adminCan(role, action)) return null;
  const roles = ADMIN_PERMISSIONS[action];
  return `Your administrator role (${role ?? 'none'}) cannot do this: it needs the ${orList(roles)} role.`;
}

/**
 * The logged-in administrator, as the console's shell (pages/admin/AdminShell) provides it from
 * GET /api/user (features stand alone: this one does not read the auth feature's query itself).
 * `refresh` reloads it, after an owner changed their own role.
 */
export interface AdminIdentityValue {
  userId: number | null;
  role: AdminRole | null;
  refresh: () => void;
}
export const AdminIdentity = createContext<AdminIdentityValue>({ userId: null, role: null, refresh: () => {} });

export const useAdminIdentity = (): AdminIdentityValue => useContext(AdminIdentity);

/** The logged-in administrator's role, or null (unknown yet, or not an administrator). */
function useAdminRole(): AdminRole | null {
  return useAdminIdentity().role;
}

/** `{ allowed, reason }` of one action for the logged-in administrator. */
export function useAdminCan(action: AdminAction): { allowed: boolean; reason: string | null; role: AdminRole | null } {
  const role = useAdminRole();
  return { allowed: adminCan(role, action), reason: adminRefusal(role, action), role };
}
