import { Alert, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useAdminProjects } from '../api/get-projects';
import { byAmount, byText, day, dollars } from './format';

const STATUS_COLOURS: Record<string, string> = { Draft: 'default', Active: 'blue', Complete: 'green' };

/** Every project with its parties and money, searchable and sortable. */
export function ProjectsTable() {
  const [search, setSearch] = useState('');
  const projects = useAdminProjects(search);
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
      {projects.isError && <Alert type="error" showIcon title={errorMessage(projects.error)} />}
      <Table
        size="small"
        rowKey="job_id"
        loading={projects.isFetching}
        dataSource={projects.data}
        scroll={{ x: 1200 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Projects"
        columns={[
          { title: 'Project', sorter: (a, b) => a.job_id - b.job_id, render: (_, p) => <Link to={`/admin/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link> },
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
          { title: 'Next step', dataIndex: 'next_action', render: (n: string | null) => n ?? '—' },
          { title: 'Updated', sorter: (a, b) => byText(a.updated_at, b.updated_at), defaultSortOrder: 'descend', render: (_, p) => day(p.updated_at) },
        ]}
      />
    </>
  );
}
