import type { CertifierInvitationView } from '@escrow/domain';

import { LightButton } from '../../../components/LightButton';
import { Notice } from '../../../components/Notice';
import { errorMessage } from '../../../lib/api-client';
import { useCertifierInvitations } from '../api/list-certifier-invitations';
import { useRevokeCertifierInvitation } from '../api/revoke-certifier-invitation';
import { RoleReasons, useBillingPermissions } from './role-gate';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const STATUS: Record<CertifierInvitationView['status'], (i: CertifierInvitationView) => string> = {
  pending: (i) => `waiting, the link works until ${day(i.expires_at)}`,
  accepted: () => 'accepted',
  expired: (i) => `expired on ${day(i.expires_at)}`,
  revoked: () => 'withdrawn: its link no longer works',
};

/**
 * The buyer's certifier invitations, newest first, each with its state; a pending one can be
 * withdrawn (sent to the wrong address, or the person is no longer wanted), after which its link
 * refuses.
 */
export function CertifierInvitationList({ projectId }: { projectId: number }) {
  const invitations = useCertifierInvitations(projectId);
  const revoke = useRevokeCertifierInvitation(projectId);
  const revokes = useBillingPermissions()('RevokeCertifierInvitation');
  if (invitations.isError) return <Notice tone="danger">{errorMessage(invitations.error)}</Notice>;
  if (!invitations.data) return null;
  if (invitations.data.length === 0) return <p className="el-empty">No invitation sent yet.</p>;
  const pending = invitations.data.some((i) => i.status === 'pending');
  return (
    <>
      <ul aria-label="Invitations sent">
        {invitations.data.map((i) => (
          <li key={i.invitation_id}>
            {`${i.email}, sent ${day(i.sent_at)}: ${STATUS[i.status](i)}. `}
            {i.status === 'pending' && (
              <LightButton
                danger
                size="small"
                disabled={!revokes.allowed}
                loading={revoke.isPending && revoke.variables === i.invitation_id}
                onClick={() => revoke.mutate(i.invitation_id)}
              >
                {`Withdraw the invitation to ${i.email}`}
              </LightButton>
            )}
          </li>
        ))}
      </ul>
      {pending && <RoleReasons reasons={[revokes.reason]} />}
      {revoke.isError && <Notice tone="danger">{errorMessage(revoke.error)}</Notice>}
    </>
  );
}
