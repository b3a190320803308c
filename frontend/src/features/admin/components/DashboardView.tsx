import { Alert, Card } from 'antd';
import { Link } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { useDashboard } from '../api/get-dashboard';
import { Figures } from './Figures';
import { byAmount, byText, chartNumber, day, dollars } from './format';
import { MonthlyMoneyChart } from './MonthlyMoneyChart';

/** The money across all projects: what is held now, for whom, since when, and what moved this month. */
export function DashboardView() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError) return <Alert type="error" showIcon title={errorMessage(dashboard.error)} />;
  const d = dashboard.data;
  const month = new Date().toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  return (
    <>
      <Figures
        label="Figures"
        figures={[
          {
            id: 'held',
            label: 'Funds held in escrow',
            value: dollars(d.held),
            note: `${d.held_by_project.length} project${d.held_by_project.length === 1 ? '' : 's'}`,
          },
          {
            id: 'pending',
            label: 'Deposits pending',
            value: dollars(d.deposits_pending.amount),
            note: `${d.deposits_pending.count} deposit${d.deposits_pending.count === 1 ? '' : 's'}`,
            to: '/admin/payments?kind=deposit&status=pending',
          },
          { id: 'disbursed', label: `Disbursed in ${month}`, value: dollars(d.disbursed_this_month) },
          { id: 'fees', label: `Fees earned in ${month}`, value: dollars(d.fees_this_month) },
          { id: 'deposited', label: `Deposited in ${month}`, value: dollars(d.deposited_this_month), note: `${dollars(d.refunded_this_month)} refunded` },
          { id: 'disputes', label: 'Open disputes', value: d.open_disputes, to: '/admin/disputes' },
          { id: 'waiting-buyer', label: 'Milestones waiting on buyers', value: d.waiting_on.buyer, to: '/admin/projects?waiting=buyer' },
          { id: 'waiting-seller', label: 'Milestones waiting on sellers', value: d.waiting_on.seller, to: '/admin/projects?waiting=seller' },
        ]}
      />
      <div className="el-admin__grid el-admin__grid--2">
        <Card size="small" title="Money moved per month">
          <MonthlyMoneyChart months={d.monthly} label="Deposits, disbursements, fees and refunds per month" />
        </Card>
        <Card size="small" title="Held in escrow by project">
          <div className="el-admin__chart" style={{ height: Math.max(160, 60 + 40 * d.held_by_project.length) }} role="img" aria-label="Funds held by project">
            <ResponsiveContainer>
              <BarChart
                layout="vertical"
                data={d.held_by_project.map((p) => ({ project: `#${p.job_id}`, Held: chartNumber(p.held) }))}
                margin={{ left: 8, right: 16 }}
              >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" fontSize={12} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
                <YAxis type="category" dataKey="project" fontSize={12} width={56} />
                <Tooltip formatter={(v) => dollars(String(v))} />
                <Bar dataKey="Held" fill="#1d6f42" maxBarSize={28} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </div>
      <h2>Held now: for whom, since when</h2>
      <WideTable
        size="small"
        rowKey="job_id"
        dataSource={d.held_by_project}
        pagination={false}
        scroll={{ x: 720 }}
        aria-label="Funds held by project"
        columns={[
          {
            title: 'Project',
            sorter: (a, b) => a.job_id - b.job_id,
            render: (_, p) => <Link to={`/admin/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link>,
          },
          { title: 'Buyer', dataIndex: 'buyer', sorter: (a, b) => byText(a.buyer, b.buyer) },
          { title: 'Seller', dataIndex: 'seller', sorter: (a, b) => byText(a.seller, b.seller) },
          { title: 'Held', align: 'right', defaultSortOrder: 'descend', sorter: (a, b) => byAmount(a.held, b.held), render: (_, p) => dollars(p.held) },
          { title: 'Since', sorter: (a, b) => byText(a.since, b.since), render: (_, p) => day(p.since) },
          { title: 'How it got there', render: (_, p) => <Link to={`/admin/job/${p.job_id}?tab=ledger`}>Ledger</Link> },
        ]}
      />
    </>
  );
}
