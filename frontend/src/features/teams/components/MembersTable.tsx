import { COMPANY_ROLE_LABELS, type CompanyRole, type TeamMember, type TeamView } from '@escrow/domain';
import { Alert, App, Button, Modal, Tag } from 'antd';
import { useRef, useState } from 'react';

import { LightTable } from '../../../components/LightTable';
import { errorMessage } from '../../../lib/api-client';
import { useChangeMemberRole } from '../api/change-member-role';
import { useRemoveMember } from '../api/remove-member';
import { formatDay, formatWhen } from './format';
import { RoleChoice } from './RoleChoice';
import { RoleTag } from './RoleTag';

/**
 * The company's members with their roles. `manage` (owners) adds Change role and Remove on every
 * other member's row; both ask for a fresh second factor in place (the HTTP client's step-up).
 */
export function MembersTable({ team, meId, manage }: { team: Pick<TeamView, 'members' | 'company_name'>; meId: number | null; manage: boolean }) {
  const { message } = App.useApp();
  const change = useChangeMemberRole();
  const remove = useRemoveMember();
  const [changing, setChanging] = useState<TeamMember | null>(null);
  const [role, setRole] = useState<CompanyRole | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const table = useRef<HTMLDivElement>(null);
  // The row that opened a dialog may be gone (the member was removed): the table takes the focus.
  const focusTable = () => {
    if (!table.current?.contains(document.activeElement)) table.current?.focus();
  };
  const closeChange = () => {
    setChanging(null);
    change.reset();
  };
  return (
    <div ref={table} tabIndex={-1}>
      <LightTable<TeamMember>
        rowKey="user_id"
        label="Members"
        rows={team.members}
        size="small"
        minWidth={manage ? 900 : 760}
        columns={[
          {
            title: 'Name',
            dataIndex: 'display_name',
            render: (v, m) => (
              <>
                {v as string} {m.user_id === meId && <Tag>You</Tag>}
              </>
            ),
          },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Role', dataIndex: 'role', render: (v) => <RoleTag role={v as CompanyRole} /> },
          { title: 'Second factor', dataIndex: 'has_second_factor', render: (v) => (v ? 'Set up' : 'Not yet') },
          { title: 'Joined', dataIndex: 'joined_at', render: (v) => formatDay(v as string) },
          { title: 'Last sign-in', dataIndex: 'last_login_at', render: (v) => formatWhen(v as string | null) },
          ...(manage
            ? [
                {
                  title: 'Actions',
                  render: (_: unknown, m: TeamMember) =>
                    m.user_id === meId ? (
                      '—'
                    ) : (
                      <span className="el-actions">
                        <Button
                          size="small"
                          aria-label={`Change role of ${m.display_name}`}
                          onClick={() => {
                            setRole(m.role);
                            setChanging(m);
                          }}
                        >
                          Change role
                        </Button>
                        <Button size="small" danger onClick={() => setRemoving(m)} aria-label={`Remove ${m.display_name}`}>
                          Remove
                        </Button>
                      </span>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={changing !== null}
        title={changing ? `Change the role of ${changing.display_name}` : 'Change role'}
        okText="Change role"
        cancelText="Cancel"
        okButtonProps={{ disabled: !changing || role === changing.role }}
        confirmLoading={change.isPending}
        onCancel={closeChange}
        onOk={() =>
          changing &&
          role &&
          change.mutate(
            { userId: changing.user_id, role },
            {
              onSuccess: () => {
                void message.success(`${changing.display_name}’s role is now ${COMPANY_ROLE_LABELS[role]}.`);
                closeChange();
              },
            },
          )
        }
      >
        <RoleChoice aria-label="New role" value={role ?? undefined} onChange={(e) => setRole(e.target.value as CompanyRole)} />
        {change.isError && <Alert type="error" showIcon title={errorMessage(change.error)} />}
      </Modal>
      <Modal
        open={removing !== null}
        title={removing ? `Remove ${removing.display_name}?` : 'Remove member'}
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={remove.isPending}
        afterClose={focusTable}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onOk={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => {
              void message.success(`${removing.display_name} was removed from ${team.company_name}.`);
              setRemoving(null);
            },
          })
        }
      >
        {removing && (
          <p>
            {removing.display_name} ({removing.email}) leaves {team.company_name} and is signed out everywhere at once. Their account stays, without access to
            the company’s projects and money.
          </p>
        )}
        {remove.isError && <Alert type="error" showIcon title={errorMessage(remove.error)} />}
      </Modal>
    </div>
  );
}
