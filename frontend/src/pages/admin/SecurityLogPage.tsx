import { Button, Input } from 'antd';
import { useSearchParams } from 'react-router-dom';

import { Form } from '../../components/Form';
import { space } from '../../design/tokens';
import { useAdminSecurityLog } from '../../features/security/api/security-log';
import { SecurityLogTable } from '../../features/security/components/SecurityLogTable';
import { AdminShell } from './AdminShell';

/** /admin/security-log: everyone's security log, filtered by user and kind (the filters live in the address). */
export function AdminSecurityLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = { userId: params.get('user_id') ?? '', kind: params.get('kind') ?? '', page: Math.max(1, Number(params.get('page')) || 1) };
  const log = useAdminSecurityLog(filters);
  const apply = (next: { userId: string; kind: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.userId.trim()) search.set('user_id', next.userId.trim());
    if (next.kind.trim()) search.set('kind', next.kind.trim());
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return (
    <AdminShell>
      <h1>Security log</h1>
      <Form
        layout="inline"
        name="security-log-filters"
        initialValues={{ user_id: filters.userId, kind: filters.kind }}
        onFinish={(v: { user_id?: string; kind?: string }) => apply({ userId: v.user_id ?? '', kind: v.kind ?? '', page: 1 })}
        style={{ marginBottom: space.base, rowGap: space.xs }}
      >
        <Form.Item label="User id" name="user_id" rules={[{ pattern: /^\s*\d*\s*$/, message: 'A user id is a number, like 12.' }]}>
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Input placeholder="login, step_up, …" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Filter
        </Button>
      </Form>
      <SecurityLogTable log={log} page={filters.page} onPage={(page) => apply({ ...filters, page })} withUser />
    </AdminShell>
  );
}
