import type { BillingReportFigures, BillingReportMonthRow, BillingReportProjectRow } from '@escrow/domain';
import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { dollars, total } from './format';

const FIGURES = ['billed', 'certified', 'paid', 'retained'] as const satisfies readonly (keyof BillingReportFigures)[];
const TITLES: Record<(typeof FIGURES)[number], string> = { billed: 'Billed', certified: 'Certified', paid: 'Paid', retained: 'Retained' };

const figureColumns = FIGURES.map((k) => ({ title: TITLES[k], align: 'right' as const, render: (_: unknown, row: BillingReportFigures) => dollars(row[k]) }));

/** The exact totals under a table: every figure a sum of cents. */
function Totals({ rows, offset }: { rows: BillingReportFigures[]; offset: number }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={offset}>
        Total
      </Table.Summary.Cell>
      {FIGURES.map((k, i) => (
        <Table.Summary.Cell key={k} index={i + offset} align="right">
          {dollars(total(rows.map((r) => r[k])))}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}

/**
 * Progress billing per project and per month: billed and certified in the month each pay
 * application's period ends, paid and retained (withheld less released) when the money moved.
 */
export function BillingReport({
  byProject,
  byMonth,
  csv,
}: {
  byProject: BillingReportProjectRow[];
  byMonth: BillingReportMonthRow[];
  csv: (report: 'billing-projects' | 'billing-months') => ReactNode;
}) {
  return (
    <>
      <Card
        size="small"
        title="Progress billing per project: billed, certified, paid and retained"
        extra={csv('billing-projects')}
        style={{ marginTop: space.base }}
      >
        <p className="el-muted">
          Billed and certified: the work and stored materials of the pay applications, as billed and as certified. Paid: progress payments and retainage
          releases paid to the payees. Retained: retainage withheld less released.
        </p>
        <WideTable<BillingReportProjectRow>
          size="small"
          rowKey="job_id"
          dataSource={byProject}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 700 }}
          aria-label="Progress billing per project"
          locale={{ emptyText: 'No project bills by progress yet.' }}
          summary={() => <Totals rows={byProject} offset={1} />}
          columns={[
            { title: 'Project', render: (_, p) => <Link to={`/admin/job/${p.job_id}?tab=billing`}>{`#${p.job_id} ${p.service}`}</Link> },
            ...figureColumns,
          ]}
        />
      </Card>
      <Card size="small" title="Progress billing per month" extra={csv('billing-months')} style={{ marginTop: space.base }}>
        <p className="el-muted">Billed and certified in the month the application&apos;s period ends; paid and retained in the month the money moved.</p>
        <WideTable<BillingReportMonthRow>
          size="small"
          rowKey="month"
          dataSource={byMonth}
          pagination={false}
          scroll={{ x: 600 }}
          aria-label="Progress billing per month"
          locale={{ emptyText: 'No progress billing yet.' }}
          summary={() => <Totals rows={byMonth} offset={1} />}
          columns={[{ title: 'Month', dataIndex: 'month' }, ...figureColumns]}
        />
      </Card>
    </>
  );
}
