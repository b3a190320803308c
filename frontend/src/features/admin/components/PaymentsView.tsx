import type { AdminPaymentRow } from '@escrow/domain';
import { Alert, Button, Input, Select, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';

import { Form } from '../../../components/Form';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { dateRangeProblem, PAYMENT_STATUSES, type PaymentFilters, paymentsCsvUrl, usePayments } from '../api/get-payments';
import { byAmount, byText, capitalised, dollars, total, when } from './format';

const FILTER_NAMES = ['kind', 'status', 'from', 'to', 'party', 'job_id'] as const;
const KIND_TOTALS: [AdminPaymentRow['kind'], string][] = [
  ['deposit', 'deposits'],
  ['disbursement', 'disbursed'],
  ['refund', 'refunded'],
];

/** Money in and money out never add up to anything meaningful: one exact total per kind. */
const totalsByKind = (rows: AdminPaymentRow[]) =>
  KIND_TOTALS.flatMap(([kind, label]) => {
    const amounts = rows.filter((r) => r.kind === kind).map((r) => r.amount);
    return amounts.length ? [`${label} ${dollars(total(amounts))}`] : [];
  });

const KIND_COLOURS: Record<string, string> = { deposit: 'green', disbursement: 'blue', refund: 'volcano' };

/** Deposits, disbursements and refunds, filtered in the address (shareable), sortable, with their CSV. */
export function PaymentsView() {
  const [params, setParams] = useSearchParams();
  const filters: PaymentFilters = Object.fromEntries(FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const rangeProblem = dateRangeProblem(filters.from, filters.to);
  const payments = usePayments(filters, rangeProblem === null);

  const apply = (values: PaymentFilters) =>
    setParams(Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')));
  const rows = rangeProblem ? [] : (payments.data ?? []);
  return (
    <>
      <Form key={params.toString()} initialValues={filters} layout="vertical" className="el-admin__toolbar" onFinish={apply} aria-label="Payment filters">
        <Form.Item name="kind" label="Kind">
          <Select
            allowClear
            placeholder="All"
            style={{ width: 150 }}
            options={[
              { value: 'deposit', label: 'Deposits' },
              { value: 'disbursement', label: 'Disbursements' },
              { value: 'refund', label: 'Refunds' },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="Status">
          <Select allowClear placeholder="All" style={{ width: 130 }} options={PAYMENT_STATUSES.map((s) => ({ value: s, label: capitalised(s) }))} />
        </Form.Item>
        <Form.Item name="from" label="From (day)">
          <Input type="date" />
        </Form.Item>
        <Form.Item
          name="to"
          label="Before (day)"
          dependencies={['from']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, to: string | undefined) =>
                dateRangeProblem(getFieldValue('from') as string | undefined, to)
                  ? Promise.reject(new Error(dateRangeProblem(getFieldValue('from') as string, to)!))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
        <Form.Item name="party" label="Party">
          <Input placeholder="Buyer or payee name" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="job_id" label="Project #" rules={[{ pattern: /^\d*$/, message: 'A project number.' }]}>
          <Input inputMode="numeric" style={{ width: 100 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Filter
        </Button>
        <Button onClick={() => setParams({})}>Clear</Button>
        <Button href={paymentsCsvUrl(filters)} download>
          Export CSV
        </Button>
      </Form>
      {rangeProblem && <Alert type="error" showIcon title={rangeProblem} style={{ marginBottom: space.sm }} />}
      {payments.isError && <Alert type="error" showIcon title={errorMessage(payments.error)} style={{ marginBottom: space.sm }} />}
      <p className="el-muted" aria-live="polite">
        {payments.isSuccess && !rangeProblem && [`${rows.length} payment${rows.length === 1 ? '' : 's'}`, ...totalsByKind(rows)].join(' · ')}
      </p>
      <WideTable
        size="small"
        rowKey={(r) =>
          r.progress_billing ? `${r.kind}-billing-${r.job_id}-${r.id}` : r.retainage ? `${r.kind}-retainage-${r.original_id}-${r.id}` : `${r.kind}-${r.id}`
        }
        loading={payments.isFetching}
        dataSource={rows}
        scroll={{ x: 1050 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: rangeProblem ?? 'No payments match these filters.' }}
        aria-label="Payments"
        columns={[
          {
            title: 'Kind',
            dataIndex: 'kind',
            sorter: (a, b) => byText(a.kind, b.kind),
            render: (k: string, r) => (
              <>
                <Tag color={KIND_COLOURS[k]}>{capitalised(k)}</Tag>
                {r.retainage && <Tag>Retainage</Tag>}
                {r.progress_billing && <Tag>Progress billing</Tag>}
              </>
            ),
          },
          { title: 'Amount', align: 'right', sorter: (a, b) => byAmount(a.amount, b.amount), render: (_, r) => dollars(r.amount) },
          { title: 'Status', dataIndex: 'status', sorter: (a, b) => byText(a.status, b.status), render: (s: string) => capitalised(s) },
          { title: 'Party', sorter: (a, b) => byText(a.party, b.party), render: (_, r) => `${r.party ?? '—'} (${r.party_role})` },
          { title: 'Project', sorter: (a, b) => a.job_id - b.job_id, render: (_, r) => <Link to={`/admin/job/${r.job_id}`}>#{r.job_id}</Link> },
          { title: 'Milestone', render: (_, r) => (r.progress_billing ? '—' : r.original_id) },
          { title: '#', dataIndex: 'id', sorter: (a, b) => a.id - b.id },
          { title: 'Fee', align: 'right', render: (_, r) => (r.fee ? dollars(r.fee) : '') },
          { title: 'Created', sorter: (a, b) => byText(a.created_at, b.created_at), defaultSortOrder: 'descend', render: (_, r) => when(r.created_at) },
          { title: 'Completed', sorter: (a, b) => byText(a.completed_at, b.completed_at), render: (_, r) => when(r.completed_at) },
        ]}
      />
    </>
  );
}
