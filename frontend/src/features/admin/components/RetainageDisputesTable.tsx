import type { RetainageDisputeRow } from '@escrow/domain';
import { Link } from 'react-router-dom';

import { LightTable } from '../../../components/LightTable';
import { day, dollars } from './format';

/** Open retainage disputes; each links to the project's Retainage tab, where the admin resolves it. */
export function RetainageDisputesTable({ rows }: { rows: RetainageDisputeRow[] }) {
  return (
    <LightTable
      size="small"
      rowKey="job_id"
      rows={rows}
      label="Open retainage disputes"
      columns={[
        { title: 'Project', render: (_, r) => <Link to={`/admin/job/${r.job_id}?tab=retainage`}>{`#${r.job_id} ${r.service}`}</Link> },
        { title: 'Retainage held', align: 'right', render: (_, r) => dollars(r.held) },
        { title: 'Opened by', render: (_, r) => `the ${r.opened_by_party}${r.opened_by ? ` (${r.opened_by})` : ''}` },
        { title: 'Statement', dataIndex: 'statement' },
        { title: 'Since', render: (_, r) => day(r.opened_at) },
      ]}
    />
  );
}
