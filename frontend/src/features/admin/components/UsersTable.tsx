import type { AdminUserRow } from '@escrow/domain';
import { Alert, Input, Tag } from 'antd';
import { type ReactNode, useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { formatPhoneDisplay } from '../../../lib/format';
import { useUsers } from '../api/get-users';
import { ADMIN_ROLE_LABELS, useAdminCan } from '../roles';
import { AdminRoleTag, useAdminRoleChange } from './AdminRoleControl';
import { byText, day, when } from './format';

/** Every user account: role, company, sign-in state and activity; `actions` adds a last column (the page's, e.g. the reset of second factors). */
export function UsersTable({ actions }: { actions?: { title: string; render: (user: AdminUserRow) => ReactNode } } = {}) {
  const [search, setSearch] = useState('');
  const users = useUsers(search);
  const roles = useAdminCan('change-roles');
  const roleChange = useAdminRoleChange();
  return (
    <>
      <div className="el-admin__toolbar">
        <Input.Search
          aria-label="Search users"
          placeholder="Name, email or company"
          allowClear
          enterButton="Search"
          onSearch={(v) => setSearch(v.trim())}
          style={{ maxWidth: 420 }}
        />
      </div>
      {users.isError && <Alert type="error" showIcon title={errorMessage(users.error)} />}
      {!roles.allowed && roles.role && (
        <p className="el-muted">Only an owner changes administrator roles; yours is {ADMIN_ROLE_LABELS[roles.role].toLowerCase()}.</p>
      )}
      <WideTable
        size="small"
        rowKey="user_id"
        loading={users.isFetching}
        dataSource={users.data}
        scroll={{ x: 1200 + (roles.allowed ? 100 : 0) + (actions ? 200 : 0) }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Users"
        rowHeader={1}
        columns={[
          { title: '#', dataIndex: 'user_id', sorter: (a, b) => a.user_id - b.user_id },
          {
            title: 'Name',
            sorter: (a, b) => byText(`${a.last_name} ${a.first_name}`, `${b.last_name} ${b.first_name}`),
            render: (_, u) => `${u.first_name} ${u.last_name}`,
          },
          { title: 'Email', dataIndex: 'email', sorter: (a, b) => byText(a.email, b.email) },
          { title: 'Phone', render: (_, u) => formatPhoneDisplay(u.phone) },
          {
            title: 'Kind',
            filters: [
              { text: 'Admin', value: 'admin' },
              { text: 'Company user', value: 'company' },
              { text: 'Buyer', value: 'buyer' },
            ],
            onFilter: (v, u) => (u.role === 'admin' ? 'admin' : u.company_id ? 'company' : 'buyer') === v,
            render: (_, u) => (u.role === 'admin' ? <Tag color="purple">Admin</Tag> : u.company_id ? <Tag color="blue">Company</Tag> : <Tag>Buyer</Tag>),
          },
          {
            title: 'Administrator role',
            filters: Object.entries(ADMIN_ROLE_LABELS).map(([value, text]) => ({ text, value })),
            onFilter: (v, u) => u.admin_role === v,
            render: (_, u) => (roles.allowed ? roleChange.control(u) : <AdminRoleTag role={u.admin_role} />),
          },
          { title: 'Company', dataIndex: 'company_name', sorter: (a, b) => byText(a.company_name, b.company_name), render: (c: string | null) => c ?? '' },
          { title: 'Projects as buyer', dataIndex: 'projects_as_buyer', align: 'right', sorter: (a, b) => a.projects_as_buyer - b.projects_as_buyer },
          { title: 'Password', render: (_, u) => (u.has_password ? 'set' : <Tag color="orange">invited</Tag>) },
          { title: 'Joined', sorter: (a, b) => byText(a.created_at, b.created_at), render: (_, u) => day(u.created_at) },
          { title: 'Last seen', sorter: (a, b) => byText(a.last_seen_at, b.last_seen_at), render: (_, u) => when(u.last_seen_at) },
          ...(actions ? [{ title: actions.title, key: 'actions', render: (_: unknown, u: AdminUserRow) => actions.render(u) }] : []),
        ]}
      />
      {roleChange.dialog}
    </>
  );
}
