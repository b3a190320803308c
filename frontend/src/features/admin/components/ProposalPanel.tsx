import { Alert, App, Button, Input, Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import type { ProposalDecision, useDecideOnResolution } from '../api/decide-on-resolution';
import { useAdminCan, useAdminIdentity } from '../roles';
import { when } from './format';

export const WAITING_FOR_SECOND_ADMIN = 'Waiting for a second administrator.';
const WAITING_EXPLAINED = 'A different administrator must approve the resolution you proposed before it takes effect; you may withdraw it.';
export const STALE_PROPOSAL = 'The dispute changed after this was proposed: it can only be rejected. Propose a new resolution afterwards.';
export const APPROVED = 'Resolution approved; the money is on its way.';
const REJECTED = 'Resolution rejected: another can be proposed.';
const WITHDRAWN = 'Proposal withdrawn: another can be proposed.';
const NO_CALL_BACK = 'The money moves as soon as you approve; it cannot be called back.';

export interface ProposalSummary {
  proposal_id: number;
  proposed_by: string | null;
  proposed_by_id: number;
  proposed_at: string;
  note: string;
  stale?: boolean;
}

/**
 * Four eyes (docs/administrators.md): a resolution one administrator proposed, who proposed it,
 * what and when. Another administrator approves or rejects it; the proposer sees that it waits
 * for a second administrator and may withdraw it.
 */
export function ProposalPanel({
  proposal: p,
  what,
  subject,
  decide,
  onApproved,
  focusOnShow = false,
}: {
  proposal: ProposalSummary;
  /** What the resolution does with the money, in words ("Split: $11,155.50 to the payees, …"). */
  what: string;
  /** What it resolves, for the panel's name ("the dispute on Tear-off and new roof"). */
  subject: string;
  decide: ReturnType<typeof useDecideOnResolution>;
  /** The approval resolved the dispute: whatever held the focus may be gone. */
  onApproved?: () => void;
  /** Take the focus when shown: what held it (the resolve form's dialog) has gone. */
  focusOnShow?: boolean;
}) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnShow) box.current?.focus();
  }, [focusOnShow]);
  const { message } = App.useApp();
  const me = useAdminIdentity();
  const gate = useAdminCan('resolve-disputes');
  const reasonId = useId();
  const [asking, setAsking] = useState<ProposalDecision | null>(null);
  const [note, setNote] = useState('');
  const mine = me.userId !== null && me.userId === p.proposed_by_id;
  const send = () => {
    if (!asking) return;
    decide.mutate(
      { decision: asking, proposal_id: p.proposal_id, note: asking === 'reject' && note.trim() ? note.trim() : undefined },
      {
        onSuccess: () => {
          void message.success(asking === 'approve' ? APPROVED : mine ? WITHDRAWN : REJECTED);
          if (asking === 'approve') onApproved?.();
        },
        onError: (e) => void message.error(errorMessage(e)),
        onSettled: () => setAsking(null),
      },
    );
  };
  const described = gate.reason ? reasonId : undefined;
  return (
    <section ref={box} tabIndex={-1} className="el-admin__proposal" aria-label={`Proposed resolution of ${subject}`}>
      <h3 style={{ marginTop: 0 }}>Proposed resolution</h3>
      <dl className="el-admin__dl">
        <dt>Proposed by</dt>
        <dd>
          {p.proposed_by ?? 'an administrator'}
          {mine ? ' (you)' : ''}
        </dd>
        <dt>When</dt>
        <dd>{when(p.proposed_at)}</dd>
        <dt>What</dt>
        <dd>{what}</dd>
        {p.note && (
          <>
            <dt>Note to both parties</dt>
            <dd>{p.note}</dd>
          </>
        )}
      </dl>
      {p.stale && <Alert type="warning" showIcon title={STALE_PROPOSAL} role="status" style={{ marginBottom: space.xs }} />}
      {decide.isError && <Alert type="error" showIcon title={errorMessage(decide.error)} role="alert" style={{ marginBottom: space.xs }} />}
      {mine ? (
        <>
          <p role="status">
            <strong>{WAITING_FOR_SECOND_ADMIN}</strong> {WAITING_EXPLAINED}
          </p>
          <Button onClick={() => setAsking('reject')} aria-haspopup="dialog" disabled={!gate.allowed} aria-describedby={described}>
            Withdraw proposal
          </Button>
        </>
      ) : (
        <div className="el-admin__actions">
          <Button type="primary" onClick={() => setAsking('approve')} aria-haspopup="dialog" disabled={!gate.allowed || p.stale} aria-describedby={described}>
            Approve resolution
          </Button>
          <Button danger onClick={() => setAsking('reject')} aria-haspopup="dialog" disabled={!gate.allowed} aria-describedby={described}>
            Reject resolution
          </Button>
        </div>
      )}
      {gate.reason && (
        <p id={reasonId} className="el-muted">
          {gate.reason}
        </p>
      )}
      <Modal
        open={asking !== null}
        title={asking === 'approve' ? 'Approve this resolution?' : mine ? 'Withdraw your proposal?' : 'Reject this resolution?'}
        okText={asking === 'approve' ? 'Approve resolution' : mine ? 'Withdraw proposal' : 'Reject resolution'}
        okButtonProps={{ danger: asking === 'reject' }}
        cancelText="Cancel"
        confirmLoading={decide.isPending}
        onOk={send}
        onCancel={() => setAsking(null)}
      >
        <p>{what}</p>
        {asking === 'approve' ? (
          <p>{NO_CALL_BACK}</p>
        ) : (
          <label className="el-field">
            Why (kept in the project's History)
            <Input.TextArea rows={2} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
        )}
      </Modal>
    </section>
  );
}
