import { money } from '@escrow/domain';
import { App, Button, Card, Input, Modal, Radio } from 'antd';
import { type ReactNode, useState } from 'react';

import { Spinner } from '../../../components/Spinner';
import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useDecideOnRetainageResolution, wasProposed } from '../api/decide-on-resolution';
import { useAdminRetainage, useResolveRetainageDispute, useRetainageDisputes } from '../api/retainage';
import { useAdminCan } from '../roles';
import { dollars, when } from './format';
import { ProposalPanel } from './ProposalPanel';

/** Four eyes: what the form says when the retainage held is above FOUR_EYES_ABOVE. */
const retainageFourEyesNote = (held: string, threshold: string) =>
  `${dollars(held)} of retainage is held, more than ${dollars(threshold)}: a second administrator must approve your resolution before it takes effect.`;

/**
 * A project's retainage for the admins: held per payee, the parties' release, and an open
 * retainage dispute to decide: release to the payees or refund to the buyer, confirmed first.
 * A progress-billed project (`progress`) withholds at each line's rate and has no milestones, so
 * neither the project's rate nor its open milestones are said for it.
 */
export function AdminRetainage({
  projectId,
  progress = false,
  disputeEvidence,
}: {
  projectId: number;
  progress?: boolean;
  disputeEvidence?: (disputeId: number) => ReactNode;
}) {
  const retainage = useAdminRetainage(projectId);
  const resolve = useResolveRetainageDispute(projectId);
  // The open retainage disputes carry the proposal waiting for a second administrator and the threshold.
  const listed = useRetainageDisputes().data?.find((d) => d.job_id === projectId);
  const decide = useDecideOnRetainageResolution(projectId);
  const gate = useAdminCan('resolve-disputes');
  const { message } = App.useApp();
  const [resolution, setResolution] = useState<'release' | 'refund' | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (retainage.isPending) return <Spinner />;
  if (retainage.isError) return <p role="alert">{errorMessage(retainage.error)}</p>;
  const r = retainage.data;
  const secondAdmin = listed !== undefined && money(r.held).gt(listed.four_eyes_above);
  const send = () =>
    resolution &&
    resolve.mutate(
      { resolution, note: note.trim() || undefined },
      {
        onSuccess: (answer) =>
          // Above FOUR_EYES_ABOVE the API answers 202 with what happens next: say it as it is.
          void (wasProposed(answer) ? message.info(answer.message) : message.success('Retainage dispute resolved; the money is on its way.')),
        onError: (e) => void message.error(errorMessage(e)),
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <>
      <p>
        {progress ? 'Retainage by line of the schedule of values' : `Retainage ${Number(r.retainage_percent)}%`} · withheld {dollars(r.withheld)} · held{' '}
        {dollars(r.held)} · released {dollars(r.released)} · refunded {dollars(r.refunded)}
        {progress ? '' : ` · ${r.open_milestones} milestone${r.open_milestones === 1 ? '' : 's'} still open`}
      </p>
      <WideTable
        size="small"
        aria-label="Retainage held per payee"
        rowKey="company_id"
        dataSource={r.by_payee}
        pagination={false}
        columns={[
          { title: 'Payee', dataIndex: 'name' },
          { title: 'Withheld', align: 'right', render: (_, p) => dollars(p.withheld) },
          { title: 'Held', align: 'right', render: (_, p) => dollars(p.held) },
          { title: 'Released', align: 'right', render: (_, p) => dollars(p.released) },
          { title: 'Paid', align: 'right', render: (_, p) => dollars(p.paid) },
          { title: 'Refunded', align: 'right', render: (_, p) => dollars(p.refunded) },
        ]}
      />
      {r.request && (
        <p>
          Release of {dollars(r.request.amount)} asked for by the {r.request.party} on {when(r.request.at)}; the other party has not approved yet.
        </p>
      )}
      {r.dispute && (
        <Card size="small" title={`Retainage dispute opened by the ${r.dispute.party} on ${when(r.dispute.at)}`} style={{ marginTop: space.base }}>
          <p>{r.dispute.statement}</p>
          {disputeEvidence?.(r.dispute.dispute_id)}
          {listed?.proposal ? (
            <ProposalPanel
              proposal={listed.proposal}
              what={`${listed.proposal.resolution === 'release' ? 'Release' : 'Refund'} ${dollars(listed.proposal.amount)} of retainage ${listed.proposal.resolution === 'release' ? 'to the payees' : 'to the buyer'}.`}
              subject="the retainage dispute"
              decide={decide}
            />
          ) : !gate.allowed ? (
            <p className="el-muted">{gate.reason}</p>
          ) : (
            <>
              <Radio.Group
                aria-label="Resolution of the retainage dispute"
                value={resolution}
                onChange={(e) => setResolution(e.target.value as 'release' | 'refund')}
                options={[
                  { value: 'release', label: `Release ${dollars(r.held)} to the payees` },
                  { value: 'refund', label: `Refund ${dollars(r.held)} to the buyer` },
                ]}
              />
              <label className="el-field" htmlFor={`retainage-note-${projectId}`}>
                Note for both parties
                <Input.TextArea id={`retainage-note-${projectId}`} rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
              </label>
              <Button type="primary" disabled={!resolution} onClick={() => setConfirming(true)} aria-haspopup="dialog">
                Resolve the retainage dispute
              </Button>
              {secondAdmin && listed && <p role="note">{retainageFourEyesNote(r.held, listed.four_eyes_above)}</p>}
              <Modal
                open={confirming}
                title="Resolve the retainage dispute"
                okText="Resolve"
                onOk={send}
                confirmLoading={resolve.isPending}
                onCancel={() => setConfirming(false)}
              >
                {resolution === 'release' ? `${dollars(r.held)} of retainage goes to the payees.` : `${dollars(r.held)} of retainage goes back to the buyer.`}{' '}
                {secondAdmin && listed
                  ? `${retainageFourEyesNote(r.held, listed.four_eyes_above)} Nothing moves until a different administrator approves it.`
                  : 'This cannot be called back.'}
              </Modal>
            </>
          )}
        </Card>
      )}
      {r.decisions.length > 0 && (
        <ul className="el-plain-list" aria-label="Retainage decisions" style={{ marginTop: space.base }}>
          {r.decisions.map((d) => (
            <li key={d.at}>
              {d.resolution === 'release' ? 'Released' : 'Refunded'} {dollars(d.amount)}{' '}
              {d.decided_by === 'parties' ? 'by both parties' : 'by an administrator'}, {when(d.at)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
