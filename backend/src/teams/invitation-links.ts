import { INVITATION_DAYS } from '@escrow/domain';

import { hashSecret, newSecret } from '../identity';

/** A new link for an invitation: the code mailed, its hash kept, and when it stops working. */
export function newInvitationLink(now: Date): { code: string; codeHash: Buffer; expiresAt: string } {
  const code = newSecret();
  return { code, codeHash: hashSecret(code), expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000).toISOString() };
}
