import { Alert, Button, Card } from 'antd';
import { Link } from 'react-router-dom';

import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { MISSING_WAIVERS_CSV, useMissingWaivers } from '../api/get-missing-waivers';
import { dollars, when } from './format';

/** Lien waivers still missing, oldest first: a missing conditional one holds its payment back. */
export function MissingWaivers() {
  const missing = useMissingWaivers();
  return (
    <Card
      size="small"
      title="Lien waivers missing"
      extra={
        <Button size="small" href={MISSING_WAIVERS_CSV} download aria-label="Export missing lien waivers as CSV">
          CSV
        </Button>
      }
      style={{ marginTop: space.base }}
    >
      {missing.isPending ? (
        <Spinner />
      ) : missing.isError ? (
        <Alert type="error" showIcon title={errorMessage(missing.error)} />
      ) : (
        <WideTable
          size="small"
          aria-label="Lien waivers missing"
          rowKey={(r) => `${r.original_id}-${r.payment}-${r.mp_id}-${r.kind}`}
          dataSource={missing.data}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'Every payment has its waivers.' }}
          columns={[
            { title: 'Project', render: (_, r) => <Link to={`/admin/job/${r.job_id}`}>{`#${r.job_id}`}</Link> },
            { title: 'Milestone or payment', dataIndex: 'milestone_title' },
            { title: 'Payee', render: (_, r) => r.company_name ?? `company ${r.company_id}` },
            {
              title: 'Waiver',
              render: (_, r) =>
                `${r.kind}, ${r.payment === 'retainage' || r.payment === 'progress_retainage' ? 'retainage release' : 'payment'} (${r.site_state})`,
            },
            { title: 'Amount', align: 'right', render: (_, r) => dollars(r.amount) },
            { title: 'Due since', render: (_, r) => when(r.due_since) },
            { title: 'Days waiting', align: 'right', dataIndex: 'days_waiting' },
          ]}
        />
      )}
    </Card>
  );
}
