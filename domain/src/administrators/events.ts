/** The administrator roles (least privilege): support reads, finance decides money, operations runs the system, owner manages people. */
export type AdminRole = 'support' | 'finance' | 'operations' | 'owner';
export const ADMIN_ROLES: readonly AdminRole[] = ['support', 'finance', 'operations', 'owner'];

/** Who did it and from which session (docs/design.md#changes-to-who-may-act-are-events). */
interface ChangedBy {
  userId: number;
  by: number;
  /** The acting session's reference (never the session token). */
  sessionId: string | null;
  at: string;
}

export type AdministratorEvent =
  | { type: 'AdminRoleGranted'; data: ChangedBy & { role: AdminRole } }
  | { type: 'AdminRoleChanged'; data: ChangedBy & { from: AdminRole; role: AdminRole } }
  | { type: 'AdminRoleRevoked'; data: ChangedBy & { from: AdminRole } };
