import { assertNever, type CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import type { AdministratorCommand, AppointFirstOwner, ChangeAdminRole } from './commands';
import { ADMIN_ROLES, type AdministratorEvent, type AdminRole } from './events';

/** The one stream of administrator roles: every change since roles exist, by user. */
export interface AdministratorsState {
  /** A user's role as the stream last set it (null: revoked). Users it never named are not here. */
  roles: Record<number, AdminRole | null>;
}

const ADMINISTRATORS_STREAM = 'administrators';
export const administratorsStreamId = (): string => ADMINISTRATORS_STREAM;
export const initialAdministratorsState: AdministratorsState = { roles: {} };

export function evolveAdministrators(state: AdministratorsState, event: AdministratorEvent): AdministratorsState {
  switch (event.type) {
    case 'AdminRoleGranted':
    case 'AdminRoleChanged':
      return { roles: { ...state.roles, [event.data.userId]: event.data.role } };
    case 'AdminRoleRevoked':
      return { roles: { ...state.roles, [event.data.userId]: null } };
    default:
      return state;
  }
}

/** Every administrator and their role: the directory's, overridden by what the stream recorded since. */
export function administratorsNow(state: AdministratorsState, directory: Record<number, AdminRole>): Map<number, AdminRole> {
  const merged = new Map<number, AdminRole>(Object.entries(directory).map(([id, role]) => [Number(id), role]));
  for (const [id, role] of Object.entries(state.roles)) {
    if (role === null) merged.delete(Number(id));
    else merged.set(Number(id), role);
  }
  return merged;
}

/** Who may act as an administrator: an owner's role changes, and the operator's first owner. */
export function decideAdministrators(command: AdministratorCommand, state: AdministratorsState): AdministratorEvent[] {
  switch (command.type) {
    case 'ChangeAdminRole':
      return changeRole(command, state);
    case 'AppointFirstOwner':
      return appointFirstOwner(command, state);
    default:
      return assertNever(command);
  }
}

/**
 * Nobody can appoint the first administrator from the console (there is no one to sign in), so
 * the operator does, once: refused as soon as any administrator exists. The same user appointed
 * again (the command run again before they chose a password) changes nothing.
 */
function appointFirstOwner(command: AppointFirstOwner, state: AdministratorsState): AdministratorEvent[] {
  const { userId, directory } = command.data;
  const { metadata } = command;
  if (metadata.actorRole !== 'system') throw forbidden('operator_only', "Only the operator's command on the server appoints the first owner.");
  const admins = administratorsNow(state, directory.administrators);
  if (admins.size === 1 && admins.get(userId) === 'owner') return [];
  if (admins.size > 0) throw conflict('administrator_exists', 'This installation has an administrator already: an owner gives roles in the console (Users).');
  if (!directory.target.exists) throw notFound('no_such_user', 'There is no such user.');
  if (directory.target.companyUser) {
    throw conflict('company_user', "A contractor company's user cannot be an administrator; use an address of the person's own.");
  }
  return [{ type: 'AdminRoleGranted', data: { userId, role: 'owner', by: metadata.actorId, sessionId: null, at: metadata.now } }];
}

/**
 * Owners manage administrators; the last owner cannot go (nobody could appoint one again
 * without the database). Setting the role a user already has changes nothing.
 */
function changeRole(command: ChangeAdminRole, state: AdministratorsState): AdministratorEvent[] {
  const { userId, role, sessionId, directory } = command.data;
  const metadata: CommandMetadata = command.metadata;
  const admins = administratorsNow(state, directory.administrators);
  if (metadata.actorRole !== 'admin' || admins.get(metadata.actorId) !== 'owner') {
    throw forbidden('owner_only', 'Only an administrator with the owner role can change administrator roles.');
  }
  if (role !== null && !ADMIN_ROLES.includes(role)) throw invalid('admin_role_unknown', 'Choose a role: support, finance, operations or owner (or none).');
  if (!directory.target.exists) throw notFound('no_such_user', 'There is no such user.');
  const from = admins.get(userId) ?? null;
  if (from === role) return [];
  if (from === null && directory.target.companyUser) {
    throw conflict('company_user', "A contractor company's user cannot be an administrator; invite the person with an address of their own.");
  }
  if (from === 'owner' && role !== 'owner' && [...admins.values()].filter((r) => r === 'owner').length <= 1) {
    throw conflict(
      'last_owner',
      userId === metadata.actorId
        ? 'You are the last owner: make another administrator an owner first.'
        : 'This is the last owner: make another administrator an owner first.',
    );
  }
  const base = { userId, by: metadata.actorId, sessionId, at: metadata.now };
  if (from === null) return [{ type: 'AdminRoleGranted', data: { ...base, role: role! } }];
  if (role === null) return [{ type: 'AdminRoleRevoked', data: { ...base, from } }];
  return [{ type: 'AdminRoleChanged', data: { ...base, from, role } }];
}
