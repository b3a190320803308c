import { Alert, Button, Card, Table } from 'antd';
import { Link } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  type PieLabelRenderProps,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { chart, colour, fontSize, space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { reportCsvUrl, type ReportName, useReports } from '../api/get-reports';
import { useAdminCan } from '../roles';
import { BillingReport } from './BillingReport';
import { type Series, useSeriesPatterns } from './ChartPatterns';
import { byAmount, byText, chartNumber, dollars, total, when } from './format';
import { MonthlyMoneyChart } from './MonthlyMoneyChart';
import { RoleReason } from './RoleReason';

/** The CSV of one report, for the roles that may export (support reads the figures on screen). */
function Csv({ report }: { report: ReportName }) {
  return useAdminCan('export-reports').allowed ? (
    <Button size="small" href={reportCsvUrl(report)} download aria-label={`Export ${report} as CSV`}>
      CSV
    </Button>
  ) : null;
}

/** Each outcome's slice: its colour and its pattern (the legend and the slice's label name it too). */
const OUTCOMES: Series[] = [
  { key: 'open', colour: chart.amber, pattern: 'dots' },
  { key: 'release', colour: chart.green, pattern: 'solid' },
  { key: 'refund', colour: chart.brick, pattern: 'crosshatch' },
  { key: 'split', colour: chart.teal, pattern: 'stripes' },
  { key: 'other', colour: chart.slate, pattern: 'grid' },
];
const AGEING: Series[] = [
  { key: 'Approval → deposit', colour: chart.amber, pattern: 'dots' },
  { key: 'Deposit → completion', colour: chart.teal, pattern: 'stripes' },
];

/** Monthly money, funds held over time, milestone ageing, disputes and progress billing: charts beside exact tables, each with its CSV. */
export function ReportsView() {
  const reports = useReports();
  const outcomes = useSeriesPatterns(OUTCOMES);
  const ageing = useSeriesPatterns(AGEING);
  if (reports.isPending) return <Spinner />;
  if (reports.isError) return <Alert type="error" showIcon title={errorMessage(reports.error)} />;
  const r = reports.data;
  const ageingChart = r.ageing.map((a) => ({
    milestone: `#${a.original_id}`,
    'Approval → deposit': chartNumber(a.days_approval_to_deposit),
    'Deposit → completion': a.days_deposit_to_completion === null ? 0 : chartNumber(a.days_deposit_to_completion),
  }));
  return (
    <>
      <RoleReason action="export-reports" />
      <Card size="small" title="Deposits, disbursements and fees per month (last 12 months)" extra={<Csv report="monthly" />}>
        <MonthlyMoneyChart months={r.monthly} label="Deposits, disbursements, fees and refunds per month" />
        <WideTable
          size="small"
          rowKey="month"
          dataSource={r.monthly}
          pagination={false}
          scroll={{ x: 600 }}
          aria-label="Money per month"
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              {(['deposits', 'disbursed', 'fees', 'refunds'] as const).map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  {dollars(total(r.monthly.map((m) => m[k])))}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
          columns={[
            { title: 'Month', dataIndex: 'month' },
            { title: 'Deposits', align: 'right', render: (_, m) => dollars(m.deposits) },
            { title: 'Disbursed', align: 'right', render: (_, m) => dollars(m.disbursed) },
            { title: 'Fees', align: 'right', render: (_, m) => dollars(m.fees) },
            { title: 'Refunds', align: 'right', render: (_, m) => dollars(m.refunds) },
          ]}
        />
      </Card>
      <Card size="small" title="Funds held in escrow, last 90 days (end of each day)" extra={<Csv report="held" />} style={{ marginTop: space.base }}>
        <div className="el-admin__chart" role="img" aria-label="Funds held over time">
          <ResponsiveContainer>
            <LineChart data={r.held_over_time.map((h) => ({ day: h.day, Held: chartNumber(h.held) }))} margin={{ left: space.xs, right: space.base }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" minTickGap={32} fontSize={fontSize.sm} />
              <YAxis fontSize={fontSize.sm} width={72} tickFormatter={(v: number) => `$${v.toLocaleString()}`} />
              <Tooltip formatter={(v) => dollars(String(v))} />
              <Line type="stepAfter" dataKey="Held" stroke={chart.green} strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <p className="el-muted">Held at the end of today: {dollars(r.held_over_time.at(-1)?.held ?? '0')}</p>
      </Card>
      <Card size="small" title="Milestone ageing: approval → deposit → completion, in days" extra={<Csv report="ageing" />} style={{ marginTop: space.base }}>
        {ageingChart.length > 0 && (
          <div className="el-admin__chart" role="img" aria-label="Milestone ageing">
            <ResponsiveContainer>
              <BarChart data={ageingChart} margin={{ left: space.xs, right: space.base }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="milestone" fontSize={fontSize.sm} />
                <YAxis fontSize={fontSize.sm} unit=" d" />
                <Tooltip />
                <Legend />
                {ageing.defs}
                {AGEING.map((s) => (
                  <Bar key={s.key} dataKey={s.key} stackId="age" fill={ageing.fill(s.key)} stroke={s.colour} maxBarSize={48} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
        <WideTable
          size="small"
          rowKey="original_id"
          dataSource={r.ageing}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          aria-label="Milestone ageing"
          columns={[
            {
              title: 'Milestone',
              sorter: (a, b) => a.original_id - b.original_id,
              render: (_, a) => <Link to={`/admin/job/${a.job_id}`}>{`#${a.original_id} ${a.title || 'Whole Project Milestone'}`}</Link>,
            },
            { title: 'Status', dataIndex: 'status', sorter: (a, b) => byText(a.status, b.status) },
            { title: 'Approved', sorter: (a, b) => byText(a.agreed_at, b.agreed_at), render: (_, a) => when(a.agreed_at) },
            { title: 'Deposited', render: (_, a) => when(a.funded_at) },
            { title: 'Completed or closed', render: (_, a) => when(a.closed_at) },
            {
              title: 'Approval → deposit',
              align: 'right',
              sorter: (a, b) => byAmount(a.days_approval_to_deposit, b.days_approval_to_deposit),
              render: (_, a) => `${a.days_approval_to_deposit}${a.funded_at ? '' : ' (waiting)'}`,
            },
            {
              title: 'Deposit → completion',
              align: 'right',
              sorter: (a, b) => byAmount(a.days_deposit_to_completion, b.days_deposit_to_completion),
              render: (_, a) => (a.days_deposit_to_completion === null ? '—' : `${a.days_deposit_to_completion}${a.closed_at ? '' : ' (waiting)'}`),
            },
          ]}
        />
      </Card>
      <Card size="small" title="Disputes by outcome" extra={<Csv report="disputes" />} style={{ marginTop: space.base }}>
        <div className="el-admin__grid el-admin__grid--2" style={{ marginTop: 0 }}>
          {r.disputes.length > 0 && (
            <div className="el-admin__chart" style={{ height: 220 }} role="img" aria-label="Disputes by outcome">
              <ResponsiveContainer>
                <PieChart>
                  {outcomes.defs}
                  <Pie
                    data={r.disputes.map((d) => ({ name: d.outcome, value: d.count }))}
                    dataKey="value"
                    nameKey="name"
                    outerRadius={80}
                    // Each slice says its outcome and count in dark text beside it, not in its own (patterned) fill.
                    label={(p: PieLabelRenderProps) => (
                      <text x={p.x} y={p.y} textAnchor={p.textAnchor} dominantBaseline="central" fill={colour.ink} fontSize={fontSize.sm}>
                        {`${p.name}: ${p.value}`}
                      </text>
                    )}
                    isAnimationActive={false}
                  >
                    {r.disputes.map((d) => {
                      const series = OUTCOMES.find((o) => o.key === d.outcome) ?? OUTCOMES.at(-1)!;
                      return <Cell key={d.outcome} fill={outcomes.fill(series.key)} stroke={series.colour} />;
                    })}
                  </Pie>
                  <Tooltip />
                  <Legend />
                </PieChart>
              </ResponsiveContainer>
            </div>
          )}
          <WideTable
            size="small"
            scroll={{ x: 560 }}
            rowKey="outcome"
            dataSource={r.disputes}
            pagination={false}
            aria-label="Disputes by outcome"
            locale={{ emptyText: 'No disputes yet.' }}
            columns={[
              { title: 'Outcome', dataIndex: 'outcome' },
              { title: 'Count', dataIndex: 'count', align: 'right' },
              { title: 'Refunded', align: 'right', render: (_, d) => dollars(d.refunded) },
              { title: 'Released', align: 'right', render: (_, d) => dollars(d.released) },
              { title: 'Days to resolve (avg)', align: 'right', render: (_, d) => d.avg_days_to_resolve ?? '—' },
            ]}
          />
        </div>
      </Card>
      <BillingReport byProject={r.billing_by_project} byMonth={r.billing_by_month} csv={(report) => <Csv report={report} />} />
    </>
  );
}
