import '../../../components/deposit-confirm.css';

import { formatDollars } from '@escrow/domain';
import { Modal } from 'antd';

export interface BalanceReturnConfirmProps {
  open: boolean;
  /** The buyer asking for funds back, or the seller approving a return beyond the surplus. */
  kind: 'request' | 'approve';
  amount: string;
  /** What the remaining contract leaves unused: a request up to it goes back at once. */
  atOnce: string;
  /** The request is beyond `atOnce`: it waits for the seller. */
  needsSeller: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  afterClose?: (() => void) | undefined;
}

/**
 * Money leaves escrow only once its sender has seen what leaves and what follows: loaded with its
 * first opening (BalanceReturns' lazyDialog), as the deposit's confirmation is.
 */
export default function BalanceReturnConfirm({ open, kind, amount, atOnce, needsSeller, pending, onConfirm, onClose, afterClose }: BalanceReturnConfirmProps) {
  const dollars = formatDollars(amount);
  const waitsForSeller = kind === 'request' && needsSeller;
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={kind === 'request' ? `Get ${dollars} back from escrow?` : `Return ${dollars} to the buyer?`}
      okText={kind === 'approve' ? 'Approve the return' : waitsForSeller ? 'Ask the seller' : `Return ${dollars}`}
      cancelText="Cancel"
      onOk={onConfirm}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <dl className="el-deposit-facts" aria-label="Return of unused funds">
        <dt>{kind === 'request' ? 'Back to you' : 'Back to the buyer'}</dt>
        <dd>{dollars}</dd>
        <dt>When</dt>
        <dd>
          {kind === 'approve'
            ? 'As soon as you approve: it leaves escrow as a refund to the buyer.'
            : waitsForSeller
              ? `Only if the seller approves: it is more than the ${formatDollars(atOnce)} the rest of the contract leaves unused.`
              : 'At once, as a refund: the rest of the contract does not need it.'}
        </dd>
      </dl>
      <p>
        {kind === 'approve'
          ? 'The rest of the contract is then not funded by this money: the buyer deposits again for what is billed later.'
          : 'A returned amount cannot be called back; if the contract needs it later, you deposit it again.'}
      </p>
    </Modal>
  );
}
