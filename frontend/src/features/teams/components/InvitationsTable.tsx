import type { CompanyRole, TeamInvitation } from '@escrow/domain';
import { App, Button, Modal } from 'antd';
import { useRef, useState } from 'react';

import { LightTable } from '../../../components/LightTable';
import { errorMessage } from '../../../lib/api-client';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatWhen } from './format';
import { RoleTag } from './RoleTag';

/**
 * Pending invitations with Resend (a new link, the old one dead, seven days again) and Revoke.
 * Without companyId they are the owner's own company's; with it an administrator's view of a
 * company. `manage` false shows the list alone.
 */
export function InvitationsTable({ invitations, companyId, manage }: { invitations: TeamInvitation[]; companyId?: number; manage: boolean }) {
  const { message } = App.useApp();
  const resend = useResendInvitation(companyId);
  const revoke = useRevokeInvitation(companyId);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const focusBox = () => {
    if (!box.current?.contains(document.activeElement)) box.current?.focus();
  };
  return (
    <div ref={box} tabIndex={-1}>
      <LightTable<TeamInvitation>
        rowKey="invitation_id"
        label="Pending invitations"
        rows={invitations}
        size="small"
        minWidth={manage ? 860 : 700}
        empty="No invitation is waiting."
        columns={[
          { title: 'Email', dataIndex: 'email' },
          { title: 'Role', dataIndex: 'role', render: (v) => <RoleTag role={v as CompanyRole} /> },
          { title: 'Invited by', dataIndex: 'invited_by_name' },
          { title: 'Sent', dataIndex: 'sent_at', render: (v) => formatWhen(v as string) },
          { title: 'Expires', dataIndex: 'expires_at', render: (v) => formatWhen(v as string) },
          ...(manage
            ? [
                {
                  title: 'Actions',
                  render: (_: unknown, i: TeamInvitation) => (
                    <span className="el-actions">
                      <Button
                        size="small"
                        aria-label={`Resend the invitation to ${i.email}`}
                        loading={resend.isPending && resend.variables === i.invitation_id}
                        onClick={() =>
                          resend.mutate(i.invitation_id, {
                            onSuccess: () => void message.success(`Invitation sent again to ${i.email}.`),
                            onError: (e) => void message.error(errorMessage(e)),
                          })
                        }
                      >
                        Resend
                      </Button>
                      <Button size="small" danger onClick={() => setRevoking(i)} aria-label={`Revoke the invitation to ${i.email}`}>
                        Revoke
                      </Button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={revoking !== null}
        title="Revoke this invitation?"
        okText="Revoke"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={revoke.isPending}
        afterClose={focusBox}
        onCancel={() => setRevoking(null)}
        onOk={() =>
          revoking &&
          revoke.mutate(revoking.invitation_id, {
            onSuccess: () => {
              void message.success(`The invitation to ${revoking.email} was revoked.`);
              setRevoking(null);
            },
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        {revoking && <p>The link sent to {revoking.email} stops working at once.</p>}
      </Modal>
    </div>
  );
}
