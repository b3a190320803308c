import { Alert, App, Button, Input, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { formatPhoneDisplay } from '../../../lib/format';
import { useDecideApplication } from '../api/decide-application';
import { type Application, useApplications } from '../api/get-applications';
import { useAdminCan } from '../roles';
import { capitalised, day } from './format';
import { RoleReason } from './RoleReason';

const STATUS_COLOURS: Record<Application['status'], string> = { pending: 'orange', approved: 'green', rejected: 'red' };

function Decision({ application }: { application: Application }) {
  const gate = useAdminCan('manage-directory');
  const decide = useDecideApplication();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  if (application.status !== 'pending') return <span className="el-muted">{day(application.decided_at)}</span>;
  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: application.application_id, decision, reason: reason.trim() || undefined },
      {
        onSuccess: () =>
          void message.success(
            decision === 'approve'
              ? `${application.company_name} is a member; ${application.email} was invited.`
              : 'Application rejected; the applicant was told.',
          ),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  if (!gate.allowed) return <RoleReason action="manage-directory" />;
  return (
    <Space wrap>
      <Popconfirm
        title={`Approve ${application.company_name}?`}
        description="This creates the company and invites the applicant."
        okText="Approve"
        onConfirm={() => run('approve')}
      >
        <Button size="small" type="primary" loading={decide.isPending}>
          Approve
        </Button>
      </Popconfirm>
      <Popconfirm
        title={`Reject ${application.company_name}?`}
        description={
          <Input.TextArea
            aria-label="Reason for the applicant (optional)"
            placeholder="Reason for the applicant (optional)"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        }
        okText="Reject"
        okButtonProps={{ danger: true }}
        onConfirm={() => run('reject')}
      >
        <Button size="small" danger loading={decide.isPending}>
          Reject
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Contractor applications from /apply and /join: pending first; approve or reject each. */
export function ApplicationsTable() {
  const applications = useApplications();
  if (applications.isError) return <Alert type="error" showIcon title={errorMessage(applications.error)} />;
  return (
    <WideTable
      size="small"
      rowKey="application_id"
      loading={applications.isPending}
      dataSource={applications.data}
      scroll={{ x: 1100 }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      aria-label="Contractor applications"
      locale={{ emptyText: 'No applications yet.' }}
      expandable={{
        rowExpandable: (a) => Boolean(a.message || a.license || a.insurance || a.website_link || a.street),
        expandedRowRender: (a) => (
          <dl className="el-admin__dl">
            <dt>Address</dt>
            <dd>{[a.street, a.city, a.state, a.zip_code].filter(Boolean).join(', ')}</dd>
            <dt>License</dt>
            <dd>{a.license ?? '—'}</dd>
            <dt>Insurance</dt>
            <dd>{a.insurance ?? '—'}</dd>
            <dt>Website</dt>
            <dd>{a.website_link ?? '—'}</dd>
            <dt>Message</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{a.message ?? '—'}</dd>
          </dl>
        ),
      }}
      columns={[
        { title: 'Received', render: (_, a) => day(a.created_at) },
        { title: 'Company', dataIndex: 'company_name' },
        { title: 'Applicant', render: (_, a) => `${a.first_name} ${a.last_name}` },
        { title: 'Contact', render: (_, a) => `${a.email} · ${formatPhoneDisplay(a.phone)}` },
        { title: 'Where', render: (_, a) => `${a.city}, ${a.state}` },
        { title: 'Services', render: (_, a) => a.services.join(', ') },
        {
          title: 'Status',
          dataIndex: 'status',
          filters: (['pending', 'approved', 'rejected'] as const).map((s) => ({ text: capitalised(s), value: s })),
          onFilter: (v, a) => a.status === v,
          render: (s: Application['status']) => <Tag color={STATUS_COLOURS[s]}>{capitalised(s)}</Tag>,
        },
        { title: 'Decision', fixed: 'right', width: 170, render: (_, a) => <Decision application={a} /> },
      ]}
    />
  );
}
