import type { CommandMetadata } from '@escrow/domain';

import type { SessionUser } from '../identity';

/** When a command is decided: the one place the API reads the clock for the domain. */
export const nowIso = (): string => new Date().toISOString();

/** The command metadata of a logged-in user; the deciders work out which party they are. */
export function metadataOf(user: SessionUser, now = nowIso()): CommandMetadata {
  return {
    now,
    actorId: user.userId,
    actorRole: user.role === 'admin' ? 'admin' : user.companyId !== null ? 'company' : 'customer',
    actorCompanyId: user.companyId,
    actorCompanyRole: user.role === 'admin' || user.companyId === null ? null : user.companyRole,
  };
}

/** The payment provider reporting back. */
export function systemMetadata(now = nowIso()): CommandMetadata {
  return { now, actorId: 0, actorRole: 'system', actorCompanyId: null };
}
