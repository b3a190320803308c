import { formatDollars, STATE_NAMES } from '@escrow/domain';
import { Alert, Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useCompanyPermission } from '../../../api/company-role';
import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import type { CompanyWaiverView } from '../../../api/waivers';
import { LightTable } from '../../../components/LightTable';
import { SignWaiverDialog } from '../../../components/SignWaiverDialog';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyWaivers } from '../api/get-company-waivers';

const STATUS: Record<CompanyWaiverView['status'], { text: string; colour: string }> = {
  missing: { text: 'Not signed yet', colour: 'gold' },
  signed: { text: 'Signed', colour: 'green' },
  issued: { text: 'Issued on payment', colour: 'blue' },
};

/**
 * The lien waivers of the user's company across every project that pays it. A subcontractor is
 * no party to the project, so this is where its users read and sign them.
 */
export function CompanyWaivers() {
  const { data: user } = useCurrentUser();
  const waivers = useCompanyWaivers();
  const [signing, setSigning] = useState<CompanyWaiverView | null>(null);
  // Only owners and finance members sign (issue 37): the others read the list and why there is no Sign.
  const signs = useCompanyPermission('lien_waivers.sign');
  return (
    <>
      <h1>Lien waivers</h1>
      <p>
        Each payment to your company waits until you sign a conditional lien waiver for exactly its amount; once the money reaches you, the unconditional waiver
        is issued, and you may sign it too.
      </p>
      {signs.reason && <Alert type="info" showIcon title={signs.reason} style={{ marginBottom: space.base }} />}
      {waivers.isPending ? (
        <Spinner />
      ) : waivers.isError ? (
        <Alert type="error" showIcon title={errorMessage(waivers.error)} />
      ) : waivers.data.length === 0 ? (
        <Empty description="No payment to your company needs a lien waiver yet." />
      ) : (
        // A plain table (no antd Table: ~60 KB gzip less on this page's first load).
        <LightTable
          label="Lien waivers of your company"
          rowKey="row_key"
          rows={waivers.data.map((w) => ({ ...w, row_key: `${w.original_id}-${w.payment}-${w.mp_id}-${w.kind}` }))}
          minWidth={900}
          columns={[
            { title: 'Project', render: (_, w) => `#${w.job_id} ${w.service}` },
            { title: 'Milestone or payment', dataIndex: 'milestone_title' },
            {
              title: 'For',
              render: (_, w) => `${w.kind} waiver, ${w.payment === 'retainage' || w.payment === 'progress_retainage' ? 'retainage release' : 'payment'}`,
            },
            { title: 'Amount', align: 'right', render: (_, w) => formatDollars(w.amount) },
            { title: 'State', render: (_, w) => STATE_NAMES[w.site_state] },
            { title: 'Status', render: (_, w) => <Tag color={STATUS[w.status].colour}>{STATUS[w.status].text}</Tag> },
            {
              title: 'Action',
              render: (_, w) => (
                <div className="el-table-actions">
                  {w.can_sign && signs.allowed && (
                    <Button size="small" type="primary" onClick={() => setSigning(w)} aria-haspopup="dialog">
                      Sign
                    </Button>
                  )}
                  {w.waiver_name && <Link to={`/portal/waivers/${w.waiver_name}`}>Print</Link>}
                </div>
              ),
            },
          ]}
        />
      )}
      {isLoggedIn(user) && (
        <SignWaiverDialog
          waiver={signing}
          projectId={signing?.job_id ?? 0}
          mId={signing?.m_id ?? 0}
          payoutId={signing?.payout_id ?? null}
          user={user}
          onClose={() => setSigning(null)}
        />
      )}
    </>
  );
}
