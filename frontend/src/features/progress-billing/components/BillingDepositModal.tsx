import { formatDollars } from '@escrow/domain';

import { DepositConfirmModal, type DepositConfirmProps } from '../../../components/DepositConfirmModal';

interface BillingDepositProps extends Omit<DepositConfirmProps, 'debit' | 'facts'> {
  amount: string;
  fee: string;
  total: string;
}

/**
 * EscrowDeposit's dialog, loaded when it first opens: the amount credited to escrow and the fee
 * on top (a billing deposit's fee is not inside its amount, as a milestone's is), in the
 * confirmation every deposit shares.
 */
export default function BillingDepositModal({ amount, fee, total, ...dialog }: BillingDepositProps) {
  return (
    <DepositConfirmModal
      {...dialog}
      debit={total}
      facts={
        <>
          <dt>Into escrow</dt>
          <dd>{formatDollars(amount)}</dd>
          <dt>Escrow fee (2.25%)</dt>
          <dd>{formatDollars(fee)}, on top of the amount</dd>
          <dt>Total</dt>
          <dd>{formatDollars(total)}</dd>
        </>
      }
    />
  );
}
