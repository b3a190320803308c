import { feeOnTop, formatDollars, parseAmount } from '@escrow/domain';
import { useRef, useState } from 'react';

import { usePaymentPolicy } from '../../../api/payment-policy';
import { lazyDialog } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { LightFormItem, LightInput } from '../../../components/LightForm';
import { Notice } from '../../../components/Notice';
import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage } from '../../../lib/api-client';
import { useBillingDeposit } from '../api/billing-deposits';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { TEXTS } from './texts';

const BillingDepositModal = lazyDialog(() => import('./BillingDepositModal'));

/** The amount typed, with its fee on top and what is drawn, or null when it is no amount the API takes. */
function depositOf(text: string) {
  const amount = parseAmount(text);
  if (!amount || amount.lte(0)) return null;
  const fee = feeOnTop(amount);
  return { amount: amount.toFixed(2), fee: fee.toFixed(2), total: amount.plus(fee).toFixed(2) };
}

/**
 * The buyer's deposit into the project's escrow balance: the amount (the shortfall's when there
 * is one), the fee rule, then the confirmation every deposit shares. Step-up is asked in place
 * by the API client, which re-sends the request with its key.
 */
export function EscrowDeposit({ projectId, suggested }: { projectId: number; suggested: string | null }) {
  // The return window in force is asked for with the form, so the dialog opens with its dates right.
  usePaymentPolicy();
  const { message } = useToasts();
  const deposit = useBillingDeposit(projectId);
  const deposits = useBillingPermissions()('RequestBillingDeposit');
  const [text, setText] = useState(suggested ?? '');
  // What the dialog confirms, kept once it opens, so the dialog stays mounted (and gives the focus back) after the field is cleared.
  const [asked, setAsked] = useState<ReturnType<typeof depositOf>>(null);
  const [confirming, setConfirming] = useState(false);
  // One confirmation, one deposit: a second click on Confirm, while the first is on its way or as
  // the dialog closes after it, starts no other. Opening the dialog again allows the next.
  const sending = useRef(false);
  const chosen = depositOf(text);
  const problem = text.trim() !== '' && !chosen ? TEXTS.depositAmountProblem : undefined;

  const confirm = () => {
    if (!asked || sending.current) return;
    sending.current = true;
    deposit.mutate(asked.amount, {
      onSuccess: () => {
        setConfirming(false);
        setText('');
        void message.success(TEXTS.depositStarted);
      },
      onError: () => {
        sending.current = false;
        setConfirming(false);
      },
    });
  };

  return (
    <form
      className="el-billing-deposit"
      aria-label="Deposit into escrow"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen || !deposits.allowed) return;
        sending.current = false;
        setAsked(chosen);
        setConfirming(true);
      }}
    >
      <LightFormItem id="escrow-deposit-amount" label="Amount to deposit" error={problem}>
        <LightInput
          id="escrow-deposit-amount"
          inputMode="decimal"
          value={text}
          invalid={Boolean(problem)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'escrow-deposit-amount_help' : 'escrow-deposit-fee'}
          onChange={(e) => setText(e.target.value)}
        />
      </LightFormItem>
      {chosen && (
        <p id="escrow-deposit-fee" className="el-muted">
          Escrow fee (2.25%) {formatDollars(chosen.fee)} on top: {formatDollars(chosen.total)} drawn from your account.
        </p>
      )}
      {deposit.isError && <Notice tone="danger">{errorMessage(deposit.error)}</Notice>}
      <LightButton
        type="submit"
        variant="primary"
        disabled={!chosen || !deposits.allowed}
        loading={deposit.isPending}
        onPointerEnter={BillingDepositModal.preload}
        onFocus={BillingDepositModal.preload}
      >
        {chosen ? `Deposit ${formatDollars(chosen.amount)}` : 'Deposit'}
      </LightButton>
      <RoleReasons reasons={[deposits.reason]} />
      {asked && (
        <BillingDepositModal
          open={confirming}
          projectId={projectId}
          {...asked}
          pending={deposit.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
