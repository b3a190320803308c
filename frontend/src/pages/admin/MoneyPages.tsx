import { Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';

import { Spinner } from '../../components/Spinner';
import { useDisputes } from '../../features/admin/api/get-disputes';
import { DashboardView } from '../../features/admin/components/DashboardView';
import { DisputeCard } from '../../features/admin/components/DisputeCard';
import { MissingWaivers } from '../../features/admin/components/MissingWaivers';
import { PaymentsView } from '../../features/admin/components/PaymentsView';
import { ReportsView } from '../../features/admin/components/ReportsView';
import { AdminShell } from './AdminShell';

/** /admin and /admin/dashboard (spec §2: the same screen). */
export function AdminDashboardPage() {
  return (
    <AdminShell>
      <h1>Dashboard</h1>
      <DashboardView />
    </AdminShell>
  );
}

/** /admin/payments: deposits, disbursements and refunds with filters, sorting and CSV. */
export function AdminPaymentsPage() {
  return (
    <AdminShell>
      <h1>Payments</h1>
      <PaymentsView />
    </AdminShell>
  );
}

/** /admin/reports: monthly money, funds held over time, milestone ageing and disputes. */
export function AdminReportsPage() {
  return (
    <AdminShell>
      <h1>Reports</h1>
      <ReportsView />
      <MissingWaivers />
    </AdminShell>
  );
}

/** /admin/disputes: both sides' statements; resolve by release, refund or split. */
export function AdminDisputesPage() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const disputes = useDisputes(status);
  // A resolved dispute's card leaves the list, and with it the focus (it was in the card's dialog):
  // once the card has gone, the list takes the focus, so the keyboard goes on from there.
  const list = useRef<HTMLElement>(null);
  const resolved = useRef<number | null>(null);
  useEffect(() => {
    if (resolved.current === null || disputes.data?.some((d) => d.dispute_id === resolved.current)) return;
    list.current?.focus();
    resolved.current = null;
  }, [disputes.data]);
  return (
    <AdminShell>
      <h1>Disputes</h1>
      <Radio.Group
        aria-label="Which disputes"
        value={status}
        onChange={(e) => setStatus(e.target.value as 'open' | 'resolved')}
        optionType="button"
        options={[
          { value: 'open', label: 'Open' },
          { value: 'resolved', label: 'Resolved' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {disputes.isPending && <Spinner />}
      <section ref={list} tabIndex={-1} aria-label={status === 'open' ? 'Open disputes' : 'Resolved disputes'}>
        {disputes.data?.length === 0 && <p>No {status} disputes.</p>}
        {disputes.data?.map((d) => (
          <DisputeCard key={d.dispute_id} dispute={d} onResolved={() => (resolved.current = d.dispute_id)} />
        ))}
      </section>
    </AdminShell>
  );
}
