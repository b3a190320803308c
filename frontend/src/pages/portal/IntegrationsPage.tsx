import { useCompanyPermission } from '../../api/company-role';
import { WebhookEndpoints } from '../../features/webhooks/components/WebhookEndpoints';
import { PortalShell } from './PortalShell';

/** /portal/webhooks: a company's webhook endpoints (its projects' payments, approvals and disputes, signed). */
export function IntegrationsPage() {
  // The endpoints are the owner's (issue 37): the others read why, and nothing is asked for.
  const manages = useCompanyPermission('webhooks.manage');
  return (
    <PortalShell checks={['company']}>
      <h1>Integrations</h1>
      <p>
        Send your accounting system or job software a signed HTTPS request when a milestone is approved by both parties, a deposit settles or is returned, a
        payee is paid, or a dispute is opened or resolved — for the projects your company is the seller of.
      </p>
      {manages.allowed ? <WebhookEndpoints scope="company" /> : manages.reason && <p className="el-muted">{manages.reason}</p>}
    </PortalShell>
  );
}
