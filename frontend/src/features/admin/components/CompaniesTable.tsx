import { Alert, App, Button, Input, Modal, Select, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useServices } from '../../../api/services';
import { Form } from '../../../components/Form';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from '../../../lib/format';
import { useCompanies } from '../api/get-companies';
import { useCompany } from '../api/get-company';
import { type CompanyChanges, useUpdateCompany } from '../api/update-company';
import { useAdminCan } from '../roles';
import { byText, day } from './format';
import { RoleReason } from './RoleReason';

const TEXT_FIELDS: [keyof CompanyChanges, string][] = [
  ['name', 'Name'],
  ['street', 'Street'],
  ['city', 'City'],
  ['zip_code', 'Zip'],
  ['phone', 'Phone'],
  ['contact_email', 'Contact email'],
  ['website_link', 'Website'],
  ['license', 'License number'],
  ['insurance', 'Insurance provider'],
];

const RULES: Partial<Record<keyof CompanyChanges, Rule[]>> = {
  name: [{ required: true, whitespace: true, message: 'The company needs a name.' }],
  zip_code: [{ pattern: ZIP_CODE, message: ZIP_CODE_MESSAGE }],
};

function CompanyEditor({ id, onClose }: { id: number; onClose: () => void }) {
  const company = useCompany(id);
  const services = useServices();
  const update = useUpdateCompany();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyChanges>();
  return (
    <Modal
      open
      title={company.data ? `Edit ${company.data.name}` : 'Edit company'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={update.isPending}
      width={720}
      destroyOnHidden
    >
      {company.isError && <Alert type="error" showIcon title={errorMessage(company.error)} />}
      {company.data && (
        <Form
          form={form}
          layout="vertical"
          aria-label="Company"
          initialValues={{ ...company.data, bio: company.data.bio ?? '' }}
          onFinish={(values) =>
            update.mutate(
              { id, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) },
              { onSuccess: () => (void message.success('Company saved'), onClose()), onError: (e) => void message.error(errorMessage(e)) },
            )
          }
        >
          <div className="el-admin__grid el-admin__grid--2" style={{ marginTop: 0, gap: `0 ${space.base}px` }}>
            {TEXT_FIELDS.map(([name, label]) => (
              <Form.Item key={name} name={name} label={label} rules={RULES[name]}>
                <Input />
              </Form.Item>
            ))}
            <Form.Item name="state" label="State">
              <Select options={STATES.map((s) => ({ value: s, label: s }))} />
            </Form.Item>
          </div>
          <Form.Item name="services" label="Services offered">
            <Select
              mode="multiple"
              loading={services.isPending}
              options={(services.data ?? []).map((s) => ({ value: s.service_name, label: s.service_name }))}
            />
          </Form.Item>
          <Form.Item name="bio" label="Bio">
            <Input.TextArea rows={4} maxLength={5000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Member companies with their services; each can be edited. */
export function CompaniesTable() {
  const companies = useCompanies();
  const [editing, setEditing] = useState<number | null>(null);
  const gate = useAdminCan('manage-directory');
  const [filter, setFilter] = useState('');
  const shown = (companies.data ?? []).filter(
    (c) => !filter || `${c.name} ${c.city ?? ''} ${c.services.join(' ')}`.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <>
      <RoleReason action="manage-directory" id="companies-role" />
      <div className="el-admin__toolbar">
        <Input.Search
          aria-label="Filter companies"
          placeholder="Name, city or service"
          allowClear
          onChange={(e) => setFilter(e.target.value)}
          style={{ maxWidth: 360 }}
        />
      </div>
      {companies.isError && <Alert type="error" showIcon title={errorMessage(companies.error)} />}
      <WideTable
        size="small"
        rowKey="company_id"
        loading={companies.isPending}
        dataSource={shown}
        scroll={{ x: 900 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        aria-label="Companies"
        rowHeader={1}
        columns={[
          { title: '#', dataIndex: 'company_id', sorter: (a, b) => a.company_id - b.company_id },
          { title: 'Name', dataIndex: 'name', sorter: (a, b) => byText(a.name, b.name), defaultSortOrder: 'ascend' },
          { title: 'Where', sorter: (a, b) => byText(a.state, b.state), render: (_, c) => [c.city, c.state].filter(Boolean).join(', ') },
          { title: 'Kind', dataIndex: 'kind' },
          { title: 'Services', render: (_, c) => c.services.map((s) => <Tag key={s}>{s}</Tag>) },
          { title: 'Users', dataIndex: 'users', align: 'right' },
          { title: 'Member since', render: (_, c) => day(c.created_at) },
          {
            title: 'Actions',
            fixed: 'right',
            width: 240,
            render: (_, c) => (
              <span className="el-actions">
                <Button
                  size="small"
                  onClick={() => setEditing(c.company_id)}
                  aria-label={`Edit ${c.name}`}
                  disabled={!gate.allowed}
                  aria-describedby={gate.reason ? 'companies-role' : undefined}
                >
                  Edit
                </Button>
                <Link to={`/admin/companies/${c.company_id}/bank-accounts`} aria-label={`Bank accounts of ${c.name}`}>
                  Bank accounts
                </Link>
                <Link to={`/admin/companies/${c.company_id}/team`} aria-label={`Team of ${c.name}`}>
                  Team
                </Link>
              </span>
            ),
          },
        ]}
      />
      {editing !== null && <CompanyEditor id={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
