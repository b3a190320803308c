import type { BillingDepositView, EscrowBalanceView } from '@escrow/domain';
import { formatDollars } from '@escrow/domain';

import { LightTable } from '../../../components/LightTable';
import { LightTag, type TagColour } from '../../../components/LightTag';
import { Notice } from '../../../components/Notice';
import { BalanceReturns } from './BalanceReturns';
import { EscrowDeposit } from './EscrowDeposit';
import { TEXTS } from './texts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const FIGURES: [keyof EscrowBalanceView, string][] = [
  ['pending', 'Pending'],
  ['clearing', 'Clearing'],
  ['cleared', 'Cleared'],
  ['retainage_held', 'Retainage held'],
  ['awaiting_payout', 'Awaiting payout'],
  ['paid_out', 'Paid out'],
  ['awaiting_refund', 'Awaiting refund to the buyer'],
  ['refunded', 'Refunded to the buyer'],
  ['held', 'Held in escrow'],
];

/** Only a retainage dispute's refund makes these: said when there is one, so the figures add up then. */
const ONLY_WHEN_ANY: (keyof EscrowBalanceView)[] = ['awaiting_refund', 'refunded'];

/** A deposit's status as the buyer's bank sees it: not settled, inside the ACH return window, cleared, or failed or returned. */
function depositStatus(d: BillingDepositView): { label: string; colour: TagColour } {
  if (d.status === 'settled')
    return d.cleared ? { label: 'Cleared', colour: 'green' } : { label: d.clears_at ? `Clearing until ${day(d.clears_at)}` : 'Clearing', colour: 'blue' };
  if (d.status === 'pending') return { label: 'Pending', colour: 'gold' };
  return { label: d.status === 'failed' ? 'Failed' : 'Returned', colour: 'red' };
}

/**
 * The project's escrow balance (docs/progress-billing.md, "Funding before work"): the shortfall
 * in the words the API chose for this side, the figures, the deposits, and for the buyer the
 * deposit itself. Payments are paid from cleared funds only, so this is where a party sees why
 * one waits.
 */
export function EscrowBalance({
  projectId,
  escrow,
  isBuyer,
  isSeller = false,
}: {
  projectId: number;
  escrow: EscrowBalanceView;
  isBuyer: boolean;
  isSeller?: boolean;
}) {
  const shortfall = escrow.shortfall?.code === 'deposit_needed' ? escrow.shortfall : null;
  return (
    <>
      {/* Said politely (info is a status, not an alert): it is how the balance stands when the tab opens, not something that just went wrong. */}
      {shortfall && (
        <Notice tone="info" title={`Deposit needed for pay application ${shortfall.application_number}`}>
          {shortfall.message}
        </Notice>
      )}
      <p className="el-muted">{TEXTS.escrowExplained}</p>
      <ul className="el-billing-figures" aria-label="Escrow figures">
        {FIGURES.filter(([key]) => !ONLY_WHEN_ANY.includes(key) || escrow[key] !== '0.00').map(([key, label]) => (
          <li key={key}>
            <span className="el-muted">{label}</span>
            <strong>{formatDollars(escrow[key] as string)}</strong>
          </li>
        ))}
      </ul>
      <LightTable<BillingDepositView>
        label="Deposits"
        size="small"
        rowKey="deposit_id"
        rows={escrow.deposits}
        empty={TEXTS.noDeposits}
        columns={[
          { title: 'Requested', dataIndex: 'requested_at', render: (v) => day(v as string) },
          { title: 'Into escrow', dataIndex: 'amount', align: 'right', render: (v) => formatDollars(v as string) },
          { title: 'Fee', dataIndex: 'fee', align: 'right', render: (v) => formatDollars(v as string) },
          { title: 'Drawn', dataIndex: 'total', align: 'right', render: (v) => formatDollars(v as string) },
          {
            title: 'Status',
            render: (_, d) => {
              const status = depositStatus(d);
              return (
                <>
                  <LightTag colour={status.colour}>{status.label}</LightTag>
                  {d.failure_reason && <span className="el-muted"> {d.failure_reason}</span>}
                </>
              );
            },
          },
          { title: 'Account', dataIndex: 'bank_account_last4', render: (v) => (v ? `Ending in ${v as string}` : '') },
        ]}
      />
      {isBuyer && <EscrowDeposit projectId={projectId} suggested={shortfall?.amount ?? null} />}
      <BalanceReturns projectId={projectId} returns={escrow.returns} isBuyer={isBuyer} isSeller={isSeller} />
    </>
  );
}
