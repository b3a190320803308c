import { Alert, Button, Input, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useAdminProjects } from '../api/get-projects';
import { byAmount, byText, day, dollars } from './format';

const STATUS_COLOURS: Record<string, string> = { Draft: 'default', Active: 'blue', Complete: 'green' };

/** Every project with its parties and money, searchable and sortable. */
export function ProjectsTable() {
  const [search, setSearch] = useState('');
  const projects = useAdminProjects(search);
  // ?waiting=buyer|seller: the projects with milestones waiting on that side (the dashboard's tiles link here).
  const [params, setParams] = useSearchParams();
  const waiting = params.get('waiting') === 'buyer' || params.get('waiting') === 'seller' ? (params.get('waiting') as 'buyer' | 'seller') : null;
  const rows = waiting ? projects.data?.filter((p) => p.waiting_on[waiting] > 0) : projects.data;
  return (
    <>
      <div className="el-admin__toolbar">
        <Input.Search
          aria-label="Search projects"
          placeholder="Project #, service, buyer or seller"
          allowClear
          enterButton="Search"
          onSearch={(value) => setSearch(value.trim())}
          style={{ maxWidth: 420 }}
        />
      </div>
      {waiting && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: space.sm }}
          title={`Projects with milestones waiting on the ${waiting}`}
          action={
            <Button size="small" onClick={() => setParams({})}>
              Show every project
            </Button>
          }
        />
      )}
      {projects.isError && <Alert type="error" showIcon title={errorMessage(projects.error)} />}
      <WideTable
        size="small"
        rowKey="job_id"
        loading={projects.isFetching}
        dataSource={rows}
        scroll={{ x: 1200 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Projects"
        columns={[
          {
            title: 'Project',
            fixed: 'left',
            width: 170,
            sorter: (a, b) => a.job_id - b.job_id,
            render: (_, p) => <Link to={`/admin/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link>,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            filters: ['Draft', 'Active', 'Complete'].map((s) => ({ text: s, value: s })),
            onFilter: (value, p) => p.status === value,
            render: (s: string) => <Tag color={STATUS_COLOURS[s]}>{s}</Tag>,
          },
          { title: 'Buyer', dataIndex: 'customer_name', sorter: (a, b) => byText(a.customer_name, b.customer_name) },
          { title: 'Seller', dataIndex: 'primary_company_name', sorter: (a, b) => byText(a.primary_company_name, b.primary_company_name) },
          { title: 'Milestones', dataIndex: 'milestone_count', align: 'right' },
          { title: 'Agreed', align: 'right', sorter: (a, b) => byAmount(a.totals.agreed, b.totals.agreed), render: (_, p) => dollars(p.totals.agreed) },
          { title: 'Held', align: 'right', sorter: (a, b) => byAmount(a.totals.held, b.totals.held), render: (_, p) => dollars(p.totals.held) },
          { title: 'Released', align: 'right', sorter: (a, b) => byAmount(a.totals.released, b.totals.released), render: (_, p) => dollars(p.totals.released) },
          { title: 'Refunded', align: 'right', render: (_, p) => dollars(p.totals.refunded) },
          {
            title: 'Waiting on',
            render: (_, p) =>
              [p.waiting_on.buyer ? `buyer (${p.waiting_on.buyer})` : '', p.waiting_on.seller ? `seller (${p.waiting_on.seller})` : '']
                .filter(Boolean)
                .join(', ') || '—',
          },
          { title: 'Updated', sorter: (a, b) => byText(a.updated_at, b.updated_at), defaultSortOrder: 'descend', render: (_, p) => day(p.updated_at) },
        ]}
      />
    </>
  );
}
