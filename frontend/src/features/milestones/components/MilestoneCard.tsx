import './milestone-card.css';

import { formatDollars, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

import { useCompanyPermissions } from '../../../api/company-role';
import { LockFilledIcon } from '../../../components/icons';
import { lazyDialog } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { LightTag } from '../../../components/LightTag';
import { useToasts } from '../../../components/toasts/toasts';
import { actorName } from '../../../lib/actor';
import { errorMessage } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-route';
import { TOAST_APPROVAL_MS } from '../../../lib/timers';
import { type MilestoneView, useApproval } from '../api/milestones';
import { EditHistory } from './EditHistory';
import { HeldFundsClock } from './HeldFundsClock';
import { labelColour } from './labels';
import { PaymentsPanel } from './PaymentsPanel';
import { StatusBadge } from './StatusBadge';
import { editIsTheWayOn } from './VersionDecision';
import { YourActions } from './YourActions';

// The card is plain HTML; Make Edit's dialog (antd's Modal, then the milestone form) loads when it first opens.
const EditMilestoneDialog = lazyDialog(() => import('./EditMilestoneDialog'));
// The lien waivers (and their signing dialog) load with the first card of a state that has them:
// their list is fetched after the first paint anyway, and most projects have none.
const WaiversPanel = lazyNamed(() => import('./WaiversPanel'), 'WaiversPanel');

/** A collapsible milestone card (docs/product.md#milestone-card): everything about one milestone and what you can do on it. */
export function MilestoneCard({
  milestone,
  currentUserId,
  signer = null,
  files = null,
  disputeFiles = null,
}: {
  milestone: MilestoneView;
  currentUserId: number;
  /** The asking user's legal name parts, for signing lien waivers of their company's payments. */
  signer?: { first_name: string; last_name: string } | null;
  /** The milestone's files (terms, rejections, the work done), as the page composes them (features/attachments). */
  files?: ReactNode;
  /** The dispute's evidence, shown in the card's dispute. */
  disputeFiles?: ReactNode;
}) {
  const [expanded, setExpanded] = useState(true);
  const [editing, setEditing] = useState(false);
  const { message } = useToasts();
  const approval = useApproval(milestone.job_id);
  // By company role (issue 37): Your Actions says why what is not offered is not.
  const may = useCompanyPermissions();
  const proposes = may('milestones.propose');
  const title = milestone.title || WHOLE_PROJECT_MILESTONE;
  // A company's author is named with their role then (issue 37), as the History names them.
  const author = milestone.author_id === currentUserId ? 'you' : actorName(milestone.author_name ?? 'someone', milestone.author_company_role);
  const editInActions = editIsTheWayOn(milestone);
  // Make Edit moves between Your Actions and its own place as the state changes: an edit proposed
  // from Your Actions removes the button that opened the dialog. The focus then goes to Make Edit
  // where it is now (when the dialog closes, or when the new state arrives after it closed).
  const makeEdit = useRef<HTMLButtonElement>(null);
  const openedFromActions = useRef(false);
  const focusMakeEditIfLost = () => {
    if (!document.activeElement || document.activeElement === document.body) makeEdit.current?.focus();
  };
  const wasInActions = useRef(editInActions);
  useEffect(() => {
    if (wasInActions.current && !editInActions && openedFromActions.current) focusMakeEditIfLost();
    if (wasInActions.current !== editInActions) openedFromActions.current = false;
    wasInActions.current = editInActions;
  }, [editInActions]);
  const act = (mId: number, approve: boolean) =>
    approval.mutate(
      { milestone_id: mId, ...(approve ? { approve: true as const } : { reject: true as const }) },
      {
        onSuccess: () => void message.success({ content: approve ? 'Milestone approved' : 'Milestone rejected', duration: TOAST_APPROVAL_MS / 1000 }),
        onError: (e) => void message.error(errorMessage(e)),
      },
    );

  return (
    // Plain elements with the look of antd's Card, Tag and Button: the page's first paint loads no antd.
    <section className="el-card el-milestone-card" aria-label={title}>
      <div className="el-card__head">
        <div className="el-milestone-card__head">
          <button type="button" className="el-milestone-card__toggle" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? '▾' : '▸'} <span className="el-milestone-card__title">{title}</span>
          </button>
          {milestone.locked && <LockFilledIcon label="Locked" title="Locked: funding has started" />}
          <StatusBadge status={milestone.status} colour={milestone.status_colour} />
        </div>
        <span className="el-muted">{formatDollars(milestone.amount)}</span>
      </div>
      <div className="el-card__body">
        <p className="el-milestone-card__meta">
          {/* A status: the label is how a version's state reads, and a change of it is worth announcing. */}
          <span role="status" aria-label="Version">
            <LightTag colour={labelColour(milestone.label)}>{milestone.label}</LightTag>
          </span>{' '}
          Proposed by {author}
          {milestone.retainage_percent !== '0.00' && <LightTag>{`Retainage ${Number(milestone.retainage_percent)}%`}</LightTag>}
          {milestone.lien_waiver_state && <LightTag>{`Lien waivers: ${milestone.lien_waiver_state}`}</LightTag>}
        </p>
        {expanded && (
          <>
            <p className="el-milestone-card__approval">{milestone.approval_message}</p>
            <section aria-label="Definition">
              <h4>Completion criteria</h4>
              <p>{milestone.definition}</p>
            </section>
            <PaymentsPanel milestone={milestone} />
            <HeldFundsClock milestone={milestone} />
            {milestone.lien_waiver_state !== null && (
              <Suspense fallback={null}>
                <WaiversPanel milestone={milestone} signer={signer} />
              </Suspense>
            )}
            {milestone.dispute && (
              <section aria-label="Dispute" className="el-dispute">
                <h4>Dispute ({milestone.dispute.status})</h4>
                <p>
                  <strong>The {milestone.dispute.opened_by_party}:</strong> {milestone.dispute.statement}
                </p>
                {milestone.dispute.response && (
                  <p>
                    <strong>Response:</strong> {milestone.dispute.response.statement}
                  </p>
                )}
                {milestone.dispute.resolution && (
                  <p>
                    <strong>Resolved by {milestone.dispute.resolution.resolution}:</strong> {formatDollars(milestone.dispute.resolution.release_amount)}{' '}
                    released, {formatDollars(milestone.dispute.resolution.refund_amount)} refunded. {milestone.dispute.resolution.note}
                  </p>
                )}
                {/* Four eyes: the API words what the parties see while a second administrator has not approved. */}
                {milestone.dispute.proposal && <p role="status">{milestone.dispute.proposal.message}</p>}
              </section>
            )}
            {milestone.shows_edit_history && (
              <EditHistory
                milestone={milestone}
                currentUserId={currentUserId}
                pending={approval.isPending}
                onApprove={(id) => act(id, true)}
                onReject={(id) => act(id, false)}
                refusal={may('milestones.approve').reason}
              />
            )}
            {/* Where an edit is the way on, Make Edit is offered in Your Actions instead. */}
            {milestone.can_edit && !editInActions && proposes.reason && <p className="el-muted">{proposes.reason}</p>}
            {milestone.can_edit && !editInActions && proposes.allowed && (
              <LightButton
                ref={makeEdit}
                variant="link"
                onClick={() => setEditing(true)}
                onPointerEnter={EditMilestoneDialog.preload}
                onFocus={EditMilestoneDialog.preload}
                style={{ paddingLeft: 0 }}
                aria-haspopup="dialog"
              >
                Make Edit
              </LightButton>
            )}
            <YourActions
              milestone={milestone}
              onMakeEdit={() => {
                openedFromActions.current = true;
                setEditing(true);
              }}
              preloadEdit={EditMilestoneDialog.preload}
            />
            {/* Last on the card: they load after it (a lazy chunk, then their list), and what arrives
              late must not push the buttons above from under a finger or a click. */}
            {milestone.dispute && disputeFiles && (
              <section aria-label="Dispute evidence" className="el-dispute">
                <h4>Dispute evidence</h4>
                {disputeFiles}
              </section>
            )}
            {files}
          </>
        )}
        {/* Mounted from its first opening on, so that closing it (Escape, Cancel, a proposed edit) gives the focus back to Make Edit. */}
        <EditMilestoneDialog open={editing} milestone={milestone} title={title} onClose={() => setEditing(false)} afterClose={focusMakeEditIfLost} />
      </div>
    </section>
  );
}
