import { formatDollars } from '@escrow/domain';
import { Alert, App, Button, Tag } from 'antd';
import { type ReactNode, useState } from 'react';

import { useCompanyPermissions } from '../../../api/company-role';
import { RetainageDisputeDialog } from '../../../components/RetainageDisputeDialog';
import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useRetainage, useRetainageAction } from '../api/retainage';

const day = (iso: string) => new Date(iso).toLocaleString();

/**
 * The project's retainage (issue 17): what is held for each payee, and its release: asked for by
 * one party once every milestone is paid out, approved by the other, or disputed before an
 * administrator. While a dispute is open, the page shows its evidence under it (`disputeEvidence`).
 */
export function RetainagePanel({
  projectId,
  disputeEvidence,
}: {
  projectId: number;
  disputeEvidence?: (dispute: { disputeId: number; yourParty: 'buyer' | 'seller' | null }) => ReactNode;
}) {
  const retainage = useRetainage(projectId);
  const act = useRetainageAction(projectId);
  const { message } = App.useApp();
  const [disputing, setDisputing] = useState(false);
  const may = useCompanyPermissions();
  if (retainage.isPending) return <Spinner />;
  if (retainage.isError) return <p role="alert">{errorMessage(retainage.error)}</p>;
  const r = retainage.data;
  // By company role (issue 37): what the role does not allow is not offered, and the reason is said.
  const offered = [
    { can: r.can_request, ...may('milestones.complete') },
    { can: r.can_approve, ...may('milestones.approve') },
    { can: r.can_dispute, ...may('disputes.act') },
  ];
  const [requests, approves, disputes] = offered.map((o) => o.can && o.allowed);
  const refusals = [...new Set(offered.flatMap((o) => (o.can && o.reason ? [o.reason] : [])))];
  const run = (action: 'request' | 'approve') =>
    act.mutate(
      { action },
      {
        onSuccess: () => void message.success(action === 'request' ? 'Retainage release asked for.' : 'Retainage release approved; it goes to the payees.'),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  const dispute = (statement: string, sent: () => void) =>
    act.mutate(
      { action: 'dispute', statement },
      {
        onSuccess: () => {
          setDisputing(false);
          sent();
          void message.success('Retainage dispute opened. Our team will review it.');
        },
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  return (
    <section aria-label="Retainage" className="el-retainage">
      <dl className="el-project-facts" aria-label="Retainage figures">
        {(
          [
            ['Withheld', r.withheld],
            ['Held now', r.held],
            ['Released', r.released],
            ['Refunded', r.refunded],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{formatDollars(value)}</dd>
          </div>
        ))}
      </dl>
      {r.next_step && (
        <p className="el-next-action" role="status">
          {r.next_step}
        </p>
      )}
      {r.request && (
        <p>
          Release of {formatDollars(r.request.amount)} asked for by the {r.request.party} ({r.request.by_name ?? 'someone'}) on {day(r.request.at)}.
        </p>
      )}
      {r.dispute && (
        <Alert
          type="warning"
          showIcon
          title={`Retainage disputed by the ${r.dispute.party} on ${day(r.dispute.at)}`}
          description={r.dispute.statement}
          style={{ marginBottom: space.sm }}
        />
      )}
      {r.dispute && disputeEvidence?.({ disputeId: r.dispute.dispute_id, yourParty: r.your_party })}
      <div className="el-actions">
        {requests && (
          <Button type="primary" loading={act.isPending} onClick={() => run('request')}>
            Ask for the retainage release
          </Button>
        )}
        {approves && (
          <Button type="primary" loading={act.isPending} onClick={() => run('approve')}>
            Approve the retainage release
          </Button>
        )}
        {disputes && (
          <Button onClick={() => setDisputing(true)} aria-haspopup="dialog">
            Dispute the retainage
          </Button>
        )}
        {refusals.map((reason) => (
          <p key={reason} className="el-muted">
            {reason}
          </p>
        ))}
      </div>
      {r.by_payee.length > 0 && (
        <WideTable
          aria-label="Retainage by payee"
          rowKey="company_id"
          dataSource={r.by_payee}
          pagination={false}
          size="small"
          scroll={{ x: 600 }}
          columns={[
            { title: 'Payee', dataIndex: 'name' },
            { title: 'Withheld', align: 'right', render: (_, p) => formatDollars(p.withheld) },
            { title: 'Held now', align: 'right', render: (_, p) => formatDollars(p.held) },
            { title: 'Released', align: 'right', render: (_, p) => formatDollars(p.released) },
            { title: 'Paid', align: 'right', render: (_, p) => formatDollars(p.paid) },
            { title: 'Refunded', align: 'right', render: (_, p) => formatDollars(p.refunded) },
          ]}
        />
      )}
      {r.decisions.length > 0 && (
        <ul className="el-plain-list" aria-label="Retainage decisions">
          {r.decisions.map((d) => (
            <li key={d.at}>
              <Tag color={d.resolution === 'release' ? 'green' : 'orange'}>{d.resolution === 'release' ? 'Released' : 'Refunded'}</Tag>{' '}
              {formatDollars(d.amount)} {d.decided_by === 'parties' ? 'by both parties' : 'by our team'} on {day(d.at)}
            </li>
          ))}
        </ul>
      )}
      <RetainageDisputeDialog
        id={`retainage-dispute-${projectId}`}
        open={disputing}
        sending={act.isPending}
        onSend={dispute}
        onCancel={() => setDisputing(false)}
      />
    </section>
  );
}
