import type { Command } from '../shared/command';
import type { AdminRole } from './events';

/**
 * Gives a user an administrator role, changes it, or (role null) takes it away. `directory`
 * is who is an administrator in the users table now: administrators made before this stream
 * existed (the migration's owners, the seed's) are known only there, while every change since
 * is on the stream, which wins for the users it names (a concurrent change decided again sees it).
 */
export type ChangeAdminRole = Command<
  'ChangeAdminRole',
  {
    userId: number;
    role: AdminRole | null;
    sessionId: string | null;
    directory: { administrators: Record<number, AdminRole>; target: { exists: boolean; companyUser: boolean } };
  }
>;

export type AdministratorCommand = ChangeAdminRole;
