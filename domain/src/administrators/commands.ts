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

/**
 * Makes a user the first owner of an installation that has no administrator: the operator's
 * one-time command (`npm run admin -- first-owner`), run on the server, so the actor is the
 * system (actor 0) and there is no session. `directory` as for ChangeAdminRole.
 */
export type AppointFirstOwner = Command<
  'AppointFirstOwner',
  {
    userId: number;
    directory: { administrators: Record<number, AdminRole>; target: { exists: boolean; companyUser: boolean } };
  }
>;

export type AdministratorCommand = ChangeAdminRole | AppointFirstOwner;
