import { useAdminCan } from '../../features/admin/roles';
import { WebhookEndpoints } from '../../features/webhooks/components/WebhookEndpoints';
import { AdminShell } from './AdminShell';

/** /admin/webhooks: every endpoint, and the platform's own (they hear about every project). */
export function AdminWebhooksPage() {
  return (
    <AdminShell>
      <h1>Webhooks</h1>
      <p className="el-muted">
        Endpoints registered here hear about every project; companies register their own under Integrations in the portal. Payloads and how to verify a
        signature: docs/webhooks.md.
      </p>
      <AdminWebhookEndpoints />
    </AdminShell>
  );
}

/** Read only for the roles that do not manage webhooks (inside AdminShell, which knows the role). */
function AdminWebhookEndpoints() {
  const { reason } = useAdminCan('manage-webhooks');
  return <WebhookEndpoints scope="admin" readOnly={reason} />;
}
