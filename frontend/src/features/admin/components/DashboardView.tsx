import type { AdminDashboardView, HeldByProjectRow, MonthlyMoneyRow } from '@escrow/domain';
import { startTransition, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { CloseCircleFilledIcon } from '../../../components/alert-icons';
import { LightTable } from '../../../components/LightTable';
import { Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { lazyComponent } from '../../../lib/lazy-route';
import { useSeen } from '../../../lib/use-seen';
import { useDashboard } from '../api/get-dashboard';
import { ChartPlaceholder, heldChartHeight } from './ChartPlaceholder';
import { Figures } from './Figures';
import { byAmount, byText, day, dollars } from './format';
import { RetainageDisputesTable } from './RetainageDisputesTable';

// recharts is most of the console's weight: the charts load after the figures and the table.
const MonthlyMoneyChart = lazyComponent<{ months: MonthlyMoneyRow[]; label: string }>(() =>
  import('./MonthlyMoneyChart').then((m) => ({ default: m.MonthlyMoneyChart })),
);
const HeldByProjectChart = lazyComponent<{ projects: HeldByProjectRow[]; label: string }>(() =>
  import('./HeldByProjectChart').then((m) => ({ default: m.HeldByProjectChart })),
);

const MONTHLY_LABEL = 'Deposits, disbursements, fees and refunds per month';
const HELD_LABEL = 'Funds held by project';

/** The money across all projects: what is held now, for whom, since when, and what moved this month. */
export function DashboardView() {
  const dashboard = useDashboard();
  // The figures (the first screen, and Lighthouse's LCP element) render as the answer arrives; the
  // charts' boxes and the tables below them in a deferred pass that React renders in slices (one
  // blocking render of it all was ~0.5 s of TBT on a loaded machine, issue 40).
  const below = useDeferredValue(dashboard.data);
  if (dashboard.isPending) return <Spinner />;
  if (dashboard.isError)
    return (
      <Notice tone="danger" icon={<CloseCircleFilledIcon />}>
        {errorMessage(dashboard.error)}
      </Notice>
    );
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
          { id: 'retainage', label: 'Retainage held', value: dollars(d.retainage_held), note: `${d.retainage_disputes.length} disputed` },
          { id: 'waiting-buyer', label: 'Milestones waiting on buyers', value: d.waiting_on.buyer, to: '/admin/projects?waiting=buyer' },
          { id: 'waiting-seller', label: 'Milestones waiting on sellers', value: d.waiting_on.seller, to: '/admin/projects?waiting=seller' },
        ]}
      />
      {below && <DashboardBelowFigures d={below} />}
    </>
  );
}

/** The charts and the tables under the figures. */
function DashboardBelowFigures({ d }: { d: AdminDashboardView }) {
  // The charts' code (recharts, ~90 KB) is asked for once the figures have been painted, not with
  // them: fetched and run beside them, it held their paint back (Lighthouse's LCP, 3.7 s). And
  // only once they come into view (below a phone's first screen, drawing them blocked the page for
  // ~0.7 s just after it had painted: Lighthouse's TBT, issue 40), and drawn in a transition, which
  // React renders in slices that leave the page able to answer.
  const [chartsRef, chartsSeen] = useSeen('0px');
  const [chartsWanted, setChartsWanted] = useState(false);
  useEffect(() => {
    if (!chartsSeen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setChartsWanted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [chartsSeen]);
  return (
    <>
      <div className="el-admin__grid el-admin__grid--2" ref={chartsRef}>
        <section className="el-admin__panel" aria-labelledby="dashboard-monthly">
          <h2 id="dashboard-monthly">Money moved per month</h2>
          <Suspense fallback={<ChartPlaceholder label={MONTHLY_LABEL} />}>
            {chartsWanted ? <MonthlyMoneyChart months={d.monthly} label={MONTHLY_LABEL} /> : <ChartPlaceholder label={MONTHLY_LABEL} />}
          </Suspense>
          <p className="el-muted">
            The exact figures per month: <Link to="/admin/reports">Reports</Link>.
          </p>
        </section>
        <section className="el-admin__panel" aria-labelledby="dashboard-held">
          <h2 id="dashboard-held">Held in escrow by project</h2>
          <Suspense fallback={<ChartPlaceholder label={HELD_LABEL} height={heldChartHeight(d.held_by_project.length)} />}>
            {chartsWanted ? (
              <HeldByProjectChart projects={d.held_by_project} label={HELD_LABEL} />
            ) : (
              <ChartPlaceholder label={HELD_LABEL} height={heldChartHeight(d.held_by_project.length)} />
            )}
          </Suspense>
          <p className="el-muted">The exact figures: the table below.</p>
        </section>
      </div>
      {d.retainage_disputes.length > 0 && (
        <>
          <h2>Retainage disputes</h2>
          <RetainageDisputesTable rows={d.retainage_disputes} />
        </>
      )}
      <h2>Held now: since when, and who must act</h2>
      <LightTable
        size="small"
        rowKey="job_id"
        rows={d.held_by_project}
        minWidth={1000}
        label="Funds held by project"
        empty="No project holds funds in escrow."
        columns={[
          {
            title: 'Project',
            sorter: (a, b) => a.job_id - b.job_id,
            render: (_, p) => <Link to={`/admin/job/${p.job_id}`}>{`#${p.job_id} ${p.service}`}</Link>,
          },
          { title: 'Buyer', dataIndex: 'buyer', sorter: (a, b) => byText(a.buyer, b.buyer) },
          { title: 'Seller', dataIndex: 'seller', sorter: (a, b) => byText(a.seller, b.seller) },
          { title: 'In escrow', align: 'right', sorter: (a, b) => byAmount(a.held, b.held), render: (_, p) => dollars(p.held) },
          { title: 'In our hands', align: 'right', sorter: (a, b) => byAmount(a.in_custody, b.in_custody), render: (_, p) => dollars(p.in_custody) },
          { title: 'Retainage', align: 'right', sorter: (a, b) => byAmount(a.retainage_held, b.retainage_held), render: (_, p) => dollars(p.retainage_held) },
          {
            title: 'Held since',
            defaultSortOrder: 'ascend',
            sorter: (a, b) => byText(a.since, b.since),
            render: (_, p) => `${day(p.since)} (${p.age_days} day${p.age_days === 1 ? '' : 's'})`,
          },
          {
            title: 'Next date',
            render: (_, p) => (p.next_date ? `${p.next_date.kind === 'funds_clear' ? 'Funds clear' : 'Completion due'} ${day(p.next_date.at)}` : '—'),
          },
          {
            title: 'Who must act',
            render: (_, p) =>
              p.must_act.length === 0
                ? 'Nobody (the bank or the payment provider)'
                : p.must_act
                    .map((m) => `${m.who === 'payee' ? (m.name ?? 'a payee') : m.who === 'admin' ? 'our team' : `the ${m.who}`}: ${m.action}`)
                    .join('; '),
          },
          { title: 'How it got there', render: (_, p) => <Link to={`/admin/job/${p.job_id}?tab=ledger`}>Ledger</Link> },
        ]}
      />
    </>
  );
}
