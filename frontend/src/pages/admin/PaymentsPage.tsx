import { PaymentsView } from '../../features/admin/components/PaymentsView';
import { AdminShell } from './AdminShell';

/** /admin/payments: deposits, disbursements and refunds with filters, sorting and CSV. */
export function AdminPaymentsPage() {
  return (
    <AdminShell>
      <h1>Payments</h1>
      <PaymentsView />
    </AdminShell>
  );
}
