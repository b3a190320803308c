import { MissingWaivers } from '../../features/admin/components/MissingWaivers';
import { ReportsView } from '../../features/admin/components/ReportsView';
import { AdminShell } from './AdminShell';

/** /admin/reports: monthly money, funds held over time, milestone ageing and disputes, and the lien waivers still missing. */
export function AdminReportsPage() {
  return (
    <AdminShell>
      <h1>Reports</h1>
      <ReportsView />
      <MissingWaivers />
    </AdminShell>
  );
}
