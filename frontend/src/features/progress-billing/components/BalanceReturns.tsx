import type { BalanceReturnsView, BalanceReturnView } from '@escrow/domain';
import { formatDollars, parseAmount } from '@escrow/domain';
import { useRef, useState } from 'react';

import { lazyDialog } from '../../../components/lazy-antd';
import { LightButton } from '../../../components/LightButton';
import { LightFormItem, LightInput } from '../../../components/LightForm';
import { LightTable } from '../../../components/LightTable';
import { LightTag, type TagColour } from '../../../components/LightTag';
import { Notice } from '../../../components/Notice';
import { useToasts } from '../../../components/toasts/toasts';
import { errorMessage } from '../../../lib/api-client';
import { useDecideBalanceReturn, useRequestBalanceReturn } from '../api/balance-returns';
import { RoleReasons, useBillingPermissions } from './role-gate';

const BalanceReturnConfirm = lazyDialog(() => import('./BalanceReturnConfirm'));

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const STATUS: Record<BalanceReturnView['status'], { label: string; colour: TagColour }> = {
  awaiting_seller: { label: 'Waiting for the seller', colour: 'gold' },
  declined: { label: 'Declined', colour: 'red' },
  returned: { label: 'On its way to the buyer', colour: 'blue' },
  paid: { label: 'Returned', colour: 'green' },
};

/**
 * Escrow funds the contract no longer needs, back to the buyer (docs/progress-billing.md#returning-unused-funds):
 * the buyer asks for an amount (what goes back at once is said before asking), the seller approves
 * or declines a return beyond that, and both see every return with its status.
 */
export function BalanceReturns({
  projectId,
  returns,
  isBuyer,
  isSeller,
}: {
  projectId: number;
  returns: BalanceReturnsView;
  isBuyer: boolean;
  isSeller: boolean;
}) {
  const may = useBillingPermissions();
  const decide = useDecideBalanceReturn(projectId);
  const deciding = may('ApproveBillingBalanceReturn');
  const waiting = returns.list.find((r) => r.status === 'awaiting_seller');
  // The return the seller is about to approve, kept while its confirmation is open.
  const [approving, setApproving] = useState<BalanceReturnView | null>(null);
  const [approveOpen, setApproveOpen] = useState(false);
  return (
    <section aria-label="Unused funds">
      <h3>Unused funds</h3>
      <p className="el-muted">
        Returned to the buyer so far: {formatDollars(returns.returned)}. {formatDollars(returns.returnable_at_once)} of the escrow balance can go back at once,
        funds the rest of the contract does not need; up to {formatDollars(returns.needs_seller)} more only if the seller approves.
      </p>
      {isBuyer && <ReturnForm projectId={projectId} returns={returns} pending={Boolean(waiting)} />}
      {isSeller && waiting && (
        <Notice tone="info" title={`The buyer asks for ${formatDollars(waiting.amount)} back`}>
          That is more than the remaining contract leaves unused: approving it means the rest of the contract is not funded.
          <div>
            <LightButton
              variant="primary"
              disabled={!deciding.allowed}
              loading={decide.isPending && decide.variables?.action === 'approve'}
              onClick={() => {
                setApproving(waiting);
                setApproveOpen(true);
              }}
            >
              Approve the return
            </LightButton>{' '}
            <LightButton
              disabled={!deciding.allowed}
              loading={decide.isPending && decide.variables?.action === 'decline'}
              onClick={() => decide.mutate({ returnId: waiting.return_id, action: 'decline' })}
            >
              Decline
            </LightButton>
          </div>
          <RoleReasons reasons={[deciding.reason]} />
        </Notice>
      )}
      {decide.isError && <Notice tone="danger">{errorMessage(decide.error)}</Notice>}
      {approving && (
        <BalanceReturnConfirm
          open={approveOpen && approving.return_id === waiting?.return_id}
          kind="approve"
          amount={approving.amount}
          atOnce={returns.returnable_at_once}
          needsSeller
          pending={decide.isPending}
          onConfirm={() => {
            if (!decide.isPending) decide.mutate({ returnId: approving.return_id, action: 'approve' }, { onSettled: () => setApproveOpen(false) });
          }}
          onClose={() => setApproveOpen(false)}
        />
      )}
      {returns.list.length > 0 && (
        <LightTable<BalanceReturnView>
          label="Returns of unused funds"
          size="small"
          rowKey="return_id"
          rows={returns.list}
          empty=""
          columns={[
            { title: 'Asked', dataIndex: 'requested_at', render: (v) => day(v as string) },
            { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v) => formatDollars(v as string) },
            {
              title: 'Status',
              render: (_, r) => (
                <>
                  <LightTag colour={STATUS[r.status].colour}>{STATUS[r.status].label}</LightTag>
                  {r.decline_reason && <span className="el-muted"> {r.decline_reason}</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function ReturnForm({ projectId, returns, pending }: { projectId: number; returns: BalanceReturnsView; pending: boolean }) {
  const { message } = useToasts();
  const ask = useRequestBalanceReturn(projectId);
  const allowed = useBillingPermissions()('RequestBillingBalanceReturn');
  const [text, setText] = useState('');
  // What the confirmation shows, kept once it opens; one confirmation sends one request.
  const [asked, setAsked] = useState<{ amount: string; beyond: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sending = useRef(false);
  const amount = parseAmount(text);
  const valid = amount !== null && amount.gt(0);
  const problem = text.trim() !== '' && !valid ? 'Enter an amount in dollars, like 2500.00.' : undefined;
  const beyond = valid && amount.gt(returns.returnable_at_once);
  const nothing = returns.returnable === '0.00';
  return (
    <>
      <form
        aria-label="Return unused funds"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid || !allowed.allowed || pending) return;
          sending.current = false;
          setAsked({ amount: amount.toFixed(2), beyond });
          setConfirming(true);
        }}
      >
        <LightFormItem id="balance-return-amount" label="Amount to get back" error={problem}>
          <LightInput
            id="balance-return-amount"
            inputMode="decimal"
            value={text}
            invalid={Boolean(problem)}
            aria-invalid={problem ? true : undefined}
            aria-describedby="balance-return-help"
            onChange={(e) => setText(e.target.value)}
          />
        </LightFormItem>
        <p id="balance-return-help" className="el-muted">
          {pending
            ? 'A return waits for the seller: it must be approved or declined before you ask for another.'
            : beyond
              ? `More than ${formatDollars(returns.returnable_at_once)}: returned only if the seller approves.`
              : `Up to ${formatDollars(returns.returnable_at_once)} is returned at once.`}
        </p>
        {ask.isError && <Notice tone="danger">{errorMessage(ask.error)}</Notice>}
        <LightButton type="submit" variant="primary" disabled={!valid || !allowed.allowed || pending || nothing} loading={ask.isPending}>
          Return unused funds
        </LightButton>
        <RoleReasons reasons={[allowed.reason]} />
      </form>
      {asked && (
        <BalanceReturnConfirm
          open={confirming}
          kind="request"
          amount={asked.amount}
          atOnce={returns.returnable_at_once}
          needsSeller={asked.beyond}
          pending={ask.isPending}
          onConfirm={() => {
            if (sending.current) return;
            sending.current = true;
            ask.mutate(asked.amount, {
              onSuccess: () => {
                setConfirming(false);
                setText('');
                void message.success(
                  asked.beyond ? 'Asked: the seller approves or declines the return.' : 'Returned: the funds are on their way to your bank account.',
                );
              },
              onError: () => {
                sending.current = false;
                setConfirming(false);
              },
            });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
