import { formatDollars } from '@escrow/domain';

import { WideTable } from '../../../components/WideTable';
import { errorMessage } from '../../../lib/api-client';
import { documentUrl, type PayApplicationListItem, usePayApplications } from '../api/pay-applications';
import { BillingPayments } from './BillingPayments';
import { STATUS_LABELS, TEXTS } from './texts';

/**
 * The project's pay applications by period, with their status, what each pays and their PDF and
 * CSV; then each accepted application's payment with its payees' lien waivers.
 */
export function BillingHistory({
  projectId,
  nameOf = (id) => `Company #${id}`,
  isCompany = false,
}: {
  projectId: number;
  nameOf?: (id: number) => string;
  isCompany?: boolean;
}) {
  const applications = usePayApplications(projectId);
  if (applications.isError) return <p role="alert">{errorMessage(applications.error)}</p>;
  if (applications.data?.length === 0) return <p className="el-empty">{TEXTS.noApplications}</p>;
  const accepted = (applications.data ?? []).filter((a) => a.status === 'accepted').map((a) => a.application_number);
  return (
    <>
      <WideTable<PayApplicationListItem>
        aria-label="Pay applications"
        rowKey="application_number"
        size="small"
        loading={applications.isPending}
        pagination={false}
        dataSource={applications.data ?? []}
        columns={[
          {
            title: 'Application',
            key: 'number',
            render: (_, a) => `No. ${a.application_number}${a.revision > 1 ? `, revision ${a.revision}` : ''}`,
          },
          { title: 'Period to', dataIndex: 'period_to' },
          { title: 'Status', dataIndex: 'status', render: (s: PayApplicationListItem['status']) => STATUS_LABELS[s] },
          { title: 'Current payment due', dataIndex: 'current_payment_due', align: 'right', render: (v: string) => formatDollars(v) },
          { title: 'Submitted', dataIndex: 'submitted_at', render: (v: string) => new Date(v).toLocaleDateString('en-US', { dateStyle: 'medium' }) },
          {
            title: 'Documents',
            key: 'documents',
            render: (_, a) => (
              <span className="el-actions">
                <a href={documentUrl(projectId, a.application_number, 'pdf')} download aria-label={`PDF of pay application ${a.application_number}`}>
                  PDF
                </a>
                <a href={documentUrl(projectId, a.application_number, 'csv')} download aria-label={`CSV of pay application ${a.application_number}`}>
                  CSV
                </a>
              </span>
            ),
          },
        ]}
      />
      <BillingPayments projectId={projectId} accepted={accepted} nameOf={nameOf} isCompany={isCompany} />
    </>
  );
}
