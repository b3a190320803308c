import type { LedgerPostingRow } from '@escrow/domain';
import { screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { LedgerTable } from '../components/LedgerTable';

const posting = (over: Partial<LedgerPostingRow>): LedgerPostingRow => ({
  event_id: 'e1',
  line: 0,
  position: '900/1',
  original_id: 5000,
  account: 'escrow',
  company_id: null,
  company_name: null,
  amount: '-1000.00',
  event_type: 'DisbursementRequested',
  occurred_at: '2026-11-24T08:00:00Z',
  paid_to: null,
  running_balance: '0.00',
  actor_id: 1001,
  actor_name: 'Pat Manager',
  actor_company_role: 'project_manager',
  ...over,
});

describe("the console's ledger (issue 37: who did it)", () => {
  it('names who caused each posting: a member with their company role, the buyer by name, the system as such', async () => {
    fakeApi(() => ({
      status: 200,
      body: [
        posting({ event_id: 'e0', event_type: 'DepositSettled', amount: '1000.00', actor_id: null, actor_name: null, actor_company_role: null }),
        posting({}),
        posting({ event_id: 'e2', event_type: 'RefundRequested', actor_id: 1002, actor_name: 'Bea Buyer', actor_company_role: null }),
      ],
    }));
    renderScreen(
      <App>
        <LedgerTable projectId={7} milestones={[]} />
      </App>,
    );
    const table = await screen.findByRole('table', { name: 'Ledger postings' });
    await within(table).findByText('DisbursementRequested');
    const row = (type: string) => within(table).getByText(type).closest('tr')!;
    expect(row('DisbursementRequested')).toHaveTextContent('Pat Manager (project manager)');
    expect(row('RefundRequested')).toHaveTextContent('Bea Buyer');
    expect(row('DepositSettled')).toHaveTextContent('System');
  });
});
