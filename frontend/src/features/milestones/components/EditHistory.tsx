import { formatDollars, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { useState } from 'react';

import { LightButton } from '../../../components/LightButton';
import { LightTag } from '../../../components/LightTag';
import { actorName } from '../../../lib/actor';
import { type MilestoneView, useEdits, type VersionView } from '../api/milestones';
import { labelColour } from './labels';

/** This user's decision on a version, from their side of the project. */
const myApproval = (milestone: MilestoneView, v: VersionView) => (milestone.user_is_customer ? v.buyer_approval : v.seller_approval);

/**
 * Edit history with its count (of the versions it lists) and Show/Hide Edits; the pane is 400 px
 * tall and scrolls (docs/product.md#milestone-card).
 * Every version is listed with its label; a version still open for decision (other than the one
 * the card shows, whose buttons are in Your Actions) can be approved or rejected right here.
 */
export function EditHistory({
  milestone,
  currentUserId,
  onApprove,
  onReject,
  pending,
  refusal = null,
}: {
  milestone: MilestoneView;
  currentUserId: number;
  onApprove: (mId: number) => void;
  onReject: (mId: number) => void;
  pending: boolean;
  /** Why the member's company role may not decide on versions (issue 37): said instead of the buttons. */
  refusal?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const edits = useEdits(milestone.job_id, milestone.m_id, open);
  // The count is of what the pane lists: every version, the original and each of its edits.
  const listed = edits.data?.length ?? milestone.edit_count + 1;
  return (
    <section aria-label="Edit history">
      <h4>
        Edit history ({listed}){' '}
        <LightButton size="small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Edits' : 'Show Edits'}
        </LightButton>
      </h4>
      {open && (
        // The pane scrolls, so it takes focus: a keyboard can scroll it too. It is a list once there are versions to list.
        <div
          className="el-edit-pane"
          style={{ height: 400, overflowY: 'auto' }}
          data-testid="edit-pane"
          tabIndex={0}
          {...(edits.data ? { role: 'list', 'aria-label': 'Versions' } : { 'aria-busy': true })}
        >
          {edits.isPending && <p className="el-muted">Loading the versions…</p>}
          {edits.data?.map((v) => {
            const decided = myApproval(milestone, v);
            const decidable = v.status === 'proposed' && !milestone.locked && v.m_id !== milestone.m_id;
            return (
              <article key={v.m_id} className="el-version" role="listitem" aria-label={`${v.label}: ${v.title || WHOLE_PROJECT_MILESTONE}`}>
                <header>
                  <LightTag colour={labelColour(v.label)}>{v.label}</LightTag> by{' '}
                  {v.author_id === currentUserId
                    ? 'you'
                    : `the ${v.author_party} ${v.author_name ? actorName(v.author_name, v.author_company_role) : ''}`.trim()}{' '}
                  on {new Date(v.created).toLocaleString()}
                </header>
                <p>
                  <strong>{v.title || WHOLE_PROJECT_MILESTONE}</strong> — {formatDollars(v.amount)}, deposit {formatDollars(v.deposit_total)}
                </p>
                <p>{v.definition}</p>
                <ul className="el-plain-list">
                  {v.payees.map((p) => (
                    <li key={p.mp_id}>
                      {p.name}: {p.type}
                      {p.percentage ? ` ${p.percentage}%` : ''} {formatDollars(p.amount)} → receives {formatDollars(p.net)}
                    </li>
                  ))}
                </ul>
                <p className="el-muted">{v.approval_message}</p>
                {decidable && refusal && <p className="el-muted">{refusal}</p>}
                {decidable && !refusal && (
                  <div className="el-actions">
                    {decided !== 'approved' && (
                      <LightButton size="small" variant="primary" loading={pending} onClick={() => onApprove(v.m_id)}>
                        Approve this version
                      </LightButton>
                    )}
                    {decided === 'pending' && (
                      <LightButton size="small" danger loading={pending} onClick={() => onReject(v.m_id)}>
                        Reject this version
                      </LightButton>
                    )}
                    {decided === 'approved' && <span className="el-muted">You approved this version.</span>}
                  </div>
                )}
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}
