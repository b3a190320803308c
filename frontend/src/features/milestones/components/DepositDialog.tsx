import { usePaymentPolicy } from '../../../api/payment-policy';
import { lazyDialog } from '../../../components/lazy-antd';
import type { DepositDialogProps } from './deposit-dialog-props';

// antd's Modal and the form that links a first account load when the dialog first opens.
const DepositModal = lazyDialog(() => import('./DepositModal'));

/**
 * Nothing moves before the buyer has seen what moves: the amount with its fee, the bank account
 * it is drawn from and when the money can be released (DepositModal). The return window in force
 * is asked for with the card, as before the dialog loaded lazily: the dialog opens with its dates
 * right, and no line of it changes (and moves its buttons) when the answer arrives.
 */
export function DepositDialog(props: DepositDialogProps) {
  usePaymentPolicy();
  return <DepositModal {...props} />;
}

DepositDialog.preload = DepositModal.preload;
