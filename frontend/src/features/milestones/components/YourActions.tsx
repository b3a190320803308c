import { formatDollars, MARKED_COMPLETE_BY_BOTH, WAIT_FOR_CUSTOMER_PAYMENT } from '@escrow/domain';
import { type ReactElement, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { agreementChanged, missingSignatures, useAgreement } from '../../../api/agreement';
import { useCompanyPermissions } from '../../../api/company-role';
import { lazyDialog } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage } from '../../../lib/api-client';
import { TOAST_APPROVAL_MS, TOAST_MARKED_COMPLETE_MS } from '../../../lib/timers';
import { useHasPassed } from '../../../lib/use-has-passed';
import { type MilestoneView, useApproval, useClaimRefund, useMarkComplete, useOpenDispute, useRespondToDispute, useStartDeposit } from '../api/milestones';
import { depositDue } from './deposit';
import { DepositDialog } from './DepositDialog';
import { editIsTheWayOn, openVersions, VersionDecision, viewerOf } from './VersionDecision';

// The panel is plain HTML; the statement dialog (antd's Modal and TextArea) loads when it first opens.
const StatementDialog = lazyDialog(() => import('./StatementDialog'));

/** Who still has to sign, as the buyer or the seller reads it. */
function stillToSign(missing: ('buyer' | 'seller')[], isBuyer: boolean): string {
  const words = missing.map((party) => ((party === 'buyer') === isBuyer ? 'you' : `the ${party}`));
  return words.join(' and ');
}

/**
 * The Your Actions panel (docs/product.md#who-does-what-on-a-milestone): what this user may do on the milestone now. Make Edit
 * comes here (`onMakeEdit` opens the card's edit dialog, whose code `preloadEdit` fetches ahead)
 * when an edit is the way on.
 */
export function YourActions({ milestone, onMakeEdit, preloadEdit }: { milestone: MilestoneView; onMakeEdit?: () => void; preloadEdit?: () => void }) {
  const { message, notification } = useToasts();
  const projectId = milestone.job_id;
  const approval = useApproval(projectId);
  const complete = useMarkComplete(projectId);
  const deposit = useStartDeposit(projectId);
  const dispute = useOpenDispute(projectId);
  const respond = useRespondToDispute(projectId);
  const claim = useClaimRefund(projectId);
  const may = useCompanyPermissions();
  // What the member's company role does not allow is not offered (issue 37); why is said once below.
  const refusals = new Set<string>();
  const allows = (action: Parameters<typeof may>[0]) => {
    const { allowed, reason } = may(action);
    if (reason) refusals.add(reason);
    return allowed;
  };
  const [statementFor, setStatementFor] = useState<'dispute' | 'respond' | null>(null);
  const [statement, setStatement] = useState('');
  const [confirmingDeposit, setConfirmingDeposit] = useState(false);
  // A deposit or a statement that went through removes the button that opened its dialog: the
  // focus then comes to this panel (what changed is here), not to the top of the page.
  const panel = useRef<HTMLElement>(null);
  const focusPanelAfterClose = useRef(false);
  const afterDialogClose = () => {
    if (focusPanelAfterClose.current) panel.current?.focus();
    focusPanelAfterClose.current = false;
  };

  const isBuyer = milestone.user_is_customer;
  const openDispute = milestone.dispute?.status === 'open' ? milestone.dispute : null;
  const bothMarked = milestone.marked_complete_by_both || milestone.complete_count > 1;
  const deadlinePassed = useHasPassed(milestone.response_deadline);
  const awaitingDeposit = milestone.is_current && !milestone.funded && !openDispute && !milestone.deposit_pending && milestone.refunded === '0.00';
  // The API refuses a deposit until both parties signed the escrow agreement: say who is missing.
  const agreement = useAgreement(projectId, awaitingDeposit);
  const unsigned = agreement.data ? missingSignatures(agreement.data) : [];
  // Signed before the terms changed: the text both signed no longer covers them.
  const changed = agreement.data ? agreementChanged(agreement.data) : false;

  const approve = (approve: boolean, versionId: number) =>
    approval.mutate(
      { milestone_id: versionId, ...(approve ? { approve: true as const } : { reject: true as const }) },
      {
        onSuccess: () => void message.success({ content: approve ? 'Milestone approved' : 'Milestone rejected', duration: TOAST_APPROVAL_MS / 1000 }),
        onError: (e) => void message.error({ content: errorMessage(e), duration: TOAST_APPROVAL_MS / 1000 }),
      },
    );
  const markComplete = (value: boolean) =>
    complete.mutate(
      { milestone_id: milestone.m_id, complete: value },
      {
        onSuccess: () => void message.success({ content: value ? 'Marked complete' : 'Completion taken back', duration: TOAST_MARKED_COMPLETE_MS / 1000 }),
        onError: () => notification.error({ title: 'Error marking complete.', description: 'Please reload and try again.', duration: 10 }),
      },
    );
  const startDeposit = () =>
    deposit.mutate(
      { milestone_id: milestone.m_id },
      {
        onSuccess: () => {
          focusPanelAfterClose.current = true;
          setConfirmingDeposit(false);
          void message.success('Deposit started. ACH deposits can take up to 5 business days.');
        },
        onError: (e) => {
          setConfirmingDeposit(false);
          notification.error({ title: 'Error starting deposit.', description: errorMessage(e) });
        },
      },
    );
  const sendStatement = () => {
    const mutation = statementFor === 'dispute' ? dispute : respond;
    mutation.mutate(
      { milestone_id: milestone.m_id, statement },
      {
        onSuccess: () => {
          focusPanelAfterClose.current = true;
          setStatementFor(null);
          setStatement('');
          void message.success(statementFor === 'dispute' ? 'Dispute opened. Our team will review it.' : 'Response sent.');
        },
        onError: (e) => void message.error(errorMessage(e)),
      },
    );
  };

  const actions: ReactElement[] = [];
  if (milestone.next_action)
    actions.push(
      <p key="next" className="el-next-action">
        Next for you: {milestone.next_action}.
      </p>,
    );
  if (milestone.waivers_to_sign > 0)
    actions.push(
      <p key="waivers" className="el-next-action">
        Next for you: sign your company&apos;s lien waiver{milestone.waivers_to_sign > 1 ? 's' : ''} under Lien waivers above; its payment waits for it.
      </p>,
    );
  if (bothMarked)
    actions.push(
      <p key="both" className="el-both-complete">
        <strong>{MARKED_COMPLETE_BY_BOTH}</strong>
      </p>,
    );
  // Each open version with where it stands and its own buttons, so it is plain which one a button decides.
  const versions = openVersions(milestone);
  const decides = versions.length === 0 || allows('milestones.approve');
  for (const version of versions)
    actions.push(
      <VersionDecision
        key={`version-${version.m_id}`}
        version={version}
        viewer={viewerOf(milestone)}
        pending={approval.isPending}
        onDecide={decides ? approve : null}
      />,
    );
  if (onMakeEdit && editIsTheWayOn(milestone) && allows('milestones.propose'))
    actions.push(
      <LightButton key="make-edit" onClick={onMakeEdit} onPointerEnter={preloadEdit} onFocus={preloadEdit} aria-haspopup="dialog">
        Make Edit
      </LightButton>,
    );
  if (milestone.is_current && !milestone.funded && !openDispute) {
    // Until the signatures are known, so is not whether the buyer may deposit: a placeholder, not a false "disabled".
    if (isBuyer && awaitingDeposit && agreement.isPending) actions.push(<CheckingSignatures key="deposit" id={`checking-${milestone.m_id}`} />);
    else if (isBuyer && awaitingDeposit && allows('payments.act')) {
      const blocked = unsigned.length > 0;
      actions.push(
        <LightButton
          key="deposit"
          variant="primary"
          disabled={blocked}
          loading={deposit.isPending}
          onClick={() => setConfirmingDeposit(true)}
          onPointerEnter={DepositDialog.preload}
          onFocus={DepositDialog.preload}
          aria-describedby={blocked ? `sign-${milestone.m_id}` : undefined}
        >
          Deposit {formatDollars(depositDue(milestone))}
        </LightButton>,
      );
      if (blocked) {
        actions.push(
          <p key="sign" id={`sign-${milestone.m_id}`} className="el-wait">
            {changed
              ? 'The escrow agreement changed since it was signed: both parties sign its new text before the next deposit.'
              : 'Both parties must sign the escrow agreement before the first deposit.'}{' '}
            Still to sign: {stillToSign(unsigned, true)}.{' '}
            {unsigned.includes('buyer') && (
              <Link to={`/portal/project-agreement/customer/${projectId}`}>{changed ? 'Read and sign the new agreement' : 'Sign the escrow agreement'}</Link>
            )}
          </p>,
        );
      }
      if (agreement.isError)
        actions.push(
          <p key="sign-error" className="el-muted">
            {errorMessage(agreement.error)}
          </p>,
        );
    }
    if (milestone.deposit_pending)
      actions.push(
        <p key="pending" className="el-muted">
          Deposit pending: ACH deposits can take up to 5 business days.
        </p>,
      );
    if (!isBuyer) {
      actions.push(
        <p key="wait" className="el-wait">
          <strong>{WAIT_FOR_CUSTOMER_PAYMENT}</strong>
        </p>,
      );
      if (unsigned.includes('seller')) {
        const signs = allows('agreement.sign');
        actions.push(
          <p key="sign" className="el-wait">
            {changed
              ? 'The escrow agreement changed since it was signed: the buyer can deposit once both parties signed its new text.'
              : 'The buyer can deposit once both parties signed the escrow agreement.'}{' '}
            Still to sign: {stillToSign(unsigned, false)}.{' '}
            {signs && (
              <Link to={`/portal/project-agreement/company/${projectId}`}>{changed ? 'Read and sign the new agreement' : 'Sign the escrow agreement'}</Link>
            )}
          </p>,
        );
      }
    }
  }
  if (milestone.funded && !bothMarked && !openDispute && milestone.held !== '0.00') {
    const completes = allows('milestones.complete');
    if (!completes) {
      // Nothing to offer: the reason is said below.
    } else if (!milestone.user_marked_complete) {
      actions.push(
        <LightButton key="complete" variant="primary" loading={complete.isPending} onClick={() => markComplete(true)}>
          Mark Complete
        </LightButton>,
      );
    } else {
      actions.push(
        <LightButton key="uncomplete" loading={complete.isPending} onClick={() => markComplete(false)}>
          Take Back Completion
        </LightButton>,
      );
    }
    if (allows('disputes.act'))
      actions.push(
        <LightButton key="dispute" onClick={() => setStatementFor('dispute')} onPointerEnter={StatementDialog.preload} onFocus={StatementDialog.preload}>
          Open a Dispute
        </LightButton>,
      );
    if (isBuyer && deadlinePassed && !milestone.completion.seller && allows('payments.act')) {
      actions.push(
        <LightButton
          key="claim"
          danger
          loading={claim.isPending}
          onClick={() => claim.mutate({ milestone_id: milestone.m_id }, { onError: (e) => void message.error(errorMessage(e)) })}
        >
          Claim Refund
        </LightButton>,
      );
    }
  }
  if (openDispute) {
    const mine = (openDispute.opened_by_party === 'buyer') === isBuyer;
    actions.push(
      <p key="disputed" className="el-muted">
        A dispute is open{mine ? '; our team will review both sides.' : '.'}
      </p>,
    );
    if (!mine && !openDispute.response && allows('disputes.act')) {
      actions.push(
        <LightButton
          key="respond"
          variant="primary"
          onClick={() => setStatementFor('respond')}
          onPointerEnter={StatementDialog.preload}
          onFocus={StatementDialog.preload}
        >
          Respond to the Dispute
        </LightButton>,
      );
    }
  }
  for (const reason of refusals)
    actions.push(
      <p key={reason} className="el-muted">
        {reason}
      </p>,
    );
  if (actions.length === 0)
    actions.push(
      <p key="none" className="el-muted">
        Nothing waits on you here.
      </p>,
    );

  return (
    <section aria-label="Your Actions" className="el-your-actions" ref={panel} tabIndex={-1}>
      <h4>Your Actions</h4>
      <div className="el-actions">{actions}</div>
      {/* Mounted for as long as the card, so that it closes (and hands the focus on) after the deposit it started. */}
      {isBuyer && (
        <DepositDialog
          open={confirmingDeposit}
          milestone={milestone}
          pending={deposit.isPending}
          onConfirm={startDeposit}
          onClose={() => setConfirmingDeposit(false)}
          afterClose={afterDialogClose}
        />
      )}
      <StatementDialog
        open={statementFor !== null}
        kind={statementFor}
        fieldId={`statement-${milestone.m_id}`}
        statement={statement}
        onChange={setStatement}
        onSend={sendStatement}
        sending={dispute.isPending || respond.isPending}
        onCancel={() => setStatementFor(null)}
        afterClose={afterDialogClose}
      />
    </section>
  );
}

/** Where the Deposit button will be, while the escrow agreement's signatures load. */
function CheckingSignatures({ id }: { id: string }) {
  return (
    <span role="status" aria-labelledby={id}>
      <span className="el-skeleton-button" aria-hidden="true" style={{ width: 150 }} />
      <span id={id} className="el-visually-hidden">
        Checking signatures…
      </span>
    </span>
  );
}
