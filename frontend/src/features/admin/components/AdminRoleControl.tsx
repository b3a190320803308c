import type { AdminUserRow } from '@escrow/domain';
import { ADMIN_ROLES, type AdminRole } from '@escrow/domain';
import { Alert, App, Modal, Select, Tag } from 'antd';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useChangeAdminRole } from '../api/change-admin-role';
import { ADMIN_ROLE_LABELS } from '../roles';

const NONE = 'none';
export const ROLE_CHANGED = 'Administrator role changed.';
const ROLE_CHANGE_NOTE = "It applies from the person's next request.";

/** "a finance administrator", "an owner administrator". */
const aRole = (role: AdminRole) => `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${ADMIN_ROLE_LABELS[role].toLowerCase()} administrator`;
const nameOf = (u: AdminUserRow) => `${u.first_name} ${u.last_name}`;

/** A user's administrator role as a tag (what every administrator sees). */
export function AdminRoleTag({ role }: { role: AdminRole | null }) {
  return role ? <Tag color="purple">{ADMIN_ROLE_LABELS[role]}</Tag> : null;
}

/**
 * The Administrator role column for an owner: a choice per person who may hold one (a contractor
 * company's users may not), confirmed before it is sent; the API's refusal (the last owner, a
 * step-up) shows in the dialog.
 */
export function useAdminRoleChange() {
  const change = useChangeAdminRole();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<{ user: AdminUserRow; role: AdminRole | null } | null>(null);

  const control = (u: AdminUserRow) =>
    u.company_id !== null ? (
      <span className="el-muted">Company users cannot be administrators</span>
    ) : (
      <Select<string>
        size="small"
        aria-label={`Administrator role of ${nameOf(u)}`}
        value={u.admin_role ?? NONE}
        style={{ minWidth: 190 }}
        onChange={(v) => {
          change.reset();
          setAsking({ user: u, role: v === NONE ? null : (v as AdminRole) });
        }}
        options={[...ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] })), { value: NONE, label: 'Not an administrator' }]}
      />
    );

  const send = () =>
    asking &&
    change.mutate(
      { userId: asking.user.user_id, role: asking.role },
      {
        onSuccess: () => {
          void message.success(ROLE_CHANGED);
          setAsking(null);
        },
      },
    );

  const dialog = (
    <Modal
      open={asking !== null}
      title={asking ? `Make ${nameOf(asking.user)} ${asking.role ? aRole(asking.role) : 'not an administrator'}?` : ''}
      okText="Change role"
      cancelText="Cancel"
      confirmLoading={change.isPending}
      onOk={send}
      onCancel={() => setAsking(null)}
    >
      {asking && (
        <p>
          {nameOf(asking.user)} is {asking.user.admin_role ? aRole(asking.user.admin_role) : 'not an administrator'} now. {ROLE_CHANGE_NOTE}
        </p>
      )}
      {change.isError && <Alert type="error" showIcon role="alert" title={errorMessage(change.error)} />}
    </Modal>
  );
  return { control, dialog };
}
