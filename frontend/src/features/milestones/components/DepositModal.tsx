import { formatAmount, formatDollars, money, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';

import { DepositConfirmModal } from '../../../components/DepositConfirmModal';
import { depositDue } from './deposit';
import type { DepositDialogProps } from './deposit-dialog-props';

/**
 * DepositDialog's dialog, loaded when it first opens: the milestone's deposit with its fee, in the
 * confirmation every deposit shares (the account it is drawn from, when it clears).
 */
export default function DepositModal({ milestone, ...dialog }: DepositDialogProps) {
  const due = depositDue(milestone);
  // The fee the buyer pays on top; an include-fee payee's fee comes out of its own share instead.
  const feeOnTop = formatAmount(money(milestone.deposit_total).minus(milestone.amount));
  return (
    <DepositConfirmModal
      {...dialog}
      projectId={milestone.job_id}
      debit={due}
      facts={
        <>
          <dt>Milestone</dt>
          <dd>{milestone.title || WHOLE_PROJECT_MILESTONE}</dd>
          <dt>Amount</dt>
          <dd>{formatDollars(due)}</dd>
          <dt>Escrow fee (2.25%)</dt>
          <dd>{formatDollars(feeOnTop)}, included in the amount</dd>
        </>
      }
    />
  );
}
