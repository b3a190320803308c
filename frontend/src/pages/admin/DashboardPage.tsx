import { DashboardView } from '../../features/admin/components/DashboardView';
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
