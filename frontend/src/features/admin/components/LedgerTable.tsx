import type { LedgerPostingRow } from '@escrow/domain';
import { Alert, Select, Tag } from 'antd';
import { useState } from 'react';

import { WideTable } from '../../../components/WideTable';
import { actorName } from '../../../lib/actor';
import { errorMessage } from '../../../lib/api-client';
import { useLedger } from '../api/get-project-ledger';
import { byAmount, dollars, when } from './format';

/** What each account of the double-entry ledger means (docs/money.md#where-money-moves). */
export const ACCOUNTS: Record<string, string> = {
  buyer_funding: 'Buyer funding (money in from the buyer; negative is paid in)',
  escrow: 'Milestone escrow (held for the milestone)',
  payee_payable: 'Owed to payees (released, not yet paid out)',
  payee_payouts: 'Paid out to payees',
  platform_fees: 'Platform fees earned',
  refunds_payable: 'Owed back to the buyer (refund not yet paid)',
  buyer_refunds: 'Refunded to the buyer',
  retainage: "Withheld from a payee's payments until the project's retainage is released",
};

function closingBalances(postings: LedgerPostingRow[]): { account: string; company_id: number | null; company_name: string | null; balance: string }[] {
  const last = new Map<string, LedgerPostingRow>();
  for (const p of postings) last.set(`${p.account}|${p.company_id ?? ''}`, p);
  return [...last.values()].map((p) => ({ account: p.account, company_id: p.company_id, company_name: p.company_name, balance: p.running_balance }));
}

/** Who caused the posting's event (issue 37): a company's member with their role then; the system otherwise. */
const byLabel = (p: LedgerPostingRow) => (p.actor_name ? actorName(p.actor_name, p.actor_company_role) : p.actor_id === null ? 'System' : `User ${p.actor_id}`);

const companyLabel = (p: { company_id: number | null; company_name: string | null }) =>
  p.company_id === null ? '' : (p.company_name ?? `Company ${p.company_id}`);

/** The postings of a project (or one milestone) in the order they happened, each account with its running balance. */
export function LedgerTable({ projectId, milestones }: { projectId: number; milestones: { original_id: number; title: string }[] }) {
  const [milestone, setMilestone] = useState<number | null>(null);
  const ledger = useLedger(projectId, milestone);
  const accounts = [...new Set((ledger.data ?? []).map((p) => p.account))];
  return (
    <>
      <div className="el-admin__toolbar">
        <label>
          Milestone{' '}
          <Select
            aria-label="Milestone"
            style={{ minWidth: 240 }}
            value={milestone ?? 0}
            onChange={(v) => setMilestone(v === 0 ? null : v)}
            options={[{ value: 0, label: 'All milestones' }, ...milestones.map((m) => ({ value: m.original_id, label: `#${m.original_id} ${m.title}` }))]}
          />
        </label>
      </div>
      {ledger.isError && <Alert type="error" showIcon title={errorMessage(ledger.error)} />}
      <h3>Balances now</h3>
      <WideTable
        size="small"
        scroll={{ x: 560 }}
        rowKey={(b) => `${b.account}|${b.company_id ?? ''}`}
        dataSource={closingBalances(ledger.data ?? [])}
        pagination={false}
        loading={ledger.isFetching}
        aria-label="Balances"
        columns={[
          { title: 'Account', dataIndex: 'account', render: (a: string) => <Tag>{a}</Tag> },
          { title: 'Meaning', render: (_, b) => ACCOUNTS[b.account] ?? '' },
          { title: 'Company', render: (_, p) => companyLabel(p) },
          { title: 'Balance', align: 'right', render: (_, b) => dollars(b.balance) },
        ]}
      />
      <h3>Postings</h3>
      <WideTable
        size="small"
        rowKey={(p) => `${p.event_id}-${p.line}`}
        dataSource={ledger.data}
        loading={ledger.isFetching}
        pagination={{ pageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1000 }}
        aria-label="Ledger postings"
        columns={[
          { title: 'When', render: (_, p) => when(p.occurred_at) },
          { title: 'Event', dataIndex: 'event_type' },
          { title: 'By', render: (_, p) => byLabel(p) },
          { title: 'Milestone', dataIndex: 'original_id' },
          {
            title: 'Account',
            dataIndex: 'account',
            filters: accounts.map((a) => ({ text: a, value: a })),
            onFilter: (v, p) => p.account === v,
            render: (a: string) => <Tag>{a}</Tag>,
          },
          { title: 'Company', render: (_, p) => companyLabel(p) },
          {
            title: 'Amount',
            align: 'right',
            sorter: (a, b) => byAmount(a.amount, b.amount),
            render: (_, p) => <span className={p.amount.startsWith('-') ? 'el-admin__negative' : 'el-admin__positive'}>{dollars(p.amount)}</span>,
          },
          { title: 'Running balance', align: 'right', render: (_, p) => dollars(p.running_balance) },
        ]}
      />
    </>
  );
}
