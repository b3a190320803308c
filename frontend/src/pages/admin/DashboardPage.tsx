import { DashboardView } from '../../features/admin/components/DashboardView';
import { AdminFrame } from './AdminFrame';

/** /admin and /admin/dashboard (docs/product.md#admin-console-routes: the same screen): figures, tables and placeholders in plain elements, no antd on the first paint. */
export function AdminDashboardPage() {
  return (
    // antd's App text without antd, as the themed console screens have it.
    <div className="el-app-text">
      <AdminFrame>
        <h1>Dashboard</h1>
        <DashboardView />
      </AdminFrame>
    </div>
  );
}
