import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderScreen } from '../../../test/render';
import type { MilestoneView } from '../api/milestones';
import { MilestoneCard } from '../components/MilestoneCard';

const base: MilestoneView = {
  m_id: 5001, original_id: 5000, job_id: 7, title: '', definition: 'Roof on.', position: 1, author_id: 21, author_name: 'Sam Seller', locked: false,
  is_current: false, is_original: false, edit_is_current: false, has_current_edit: false, user_is_customer: false, user_created_edits: true,
  user_marked_complete: false, edit_count: 1, rejected_count: 1, not_approved_count: 1, complete_count: 0, incomplete_count: 2, deposit_count: 0,
  deposit_sum: '0.00', deposit_total: '1022.50', user_approval_status: 'pending', primary_company_name: 'Saguaro', customer_name: 'Jordan',
  total_disbursements_planned: '1000.00', total_disbursed: '0.00', amount: '1000.00', fee_total: '22.50', label: 'PROPOSED EDIT', status: 'Submitted',
  status_colour: 'warning', approval_message: 'Waiting for both parties to approve.', buyer_approval: 'pending', seller_approval: 'pending', can_edit: false,
  shows_edit_history: true, completion: { buyer: false, seller: false }, marked_complete_by_both: false, completion_text: null, held: '0.00', refunded: '0.00',
  deposit_pending: false, funded: false, response_deadline: null, next_action: null, dispute: null,
};

const api = () =>
  fakeApi((call) => {
    if (call.url.endsWith('/deposits')) return { status: 200, body: [{ md_id: 1, amount: '1022.50', created: '2026-11-01', payment_status: 'settled', deposit_complete: true, failure_reason: null, bank_last4: null }] };
    if (call.url.endsWith('/payees')) return { status: 200, body: [] };
    if (call.url.endsWith('/edits')) return { status: 200, body: [] };
    return undefined;
  });

const show = (m: MilestoneView, userId = 21) => renderScreen(<App><MilestoneCard milestone={m} currentUserId={userId} /></App>);

describe('milestone card (spec §2, §4)', () => {
  it("shows 'Whole Project Milestone' without a title, 'you' as the author, the label, badge and approval message", () => {
    api();
    show(base);
    expect(screen.getByText('Whole Project Milestone')).toBeInTheDocument();
    expect(screen.getByText(/Proposed by you/)).toBeInTheDocument();
    expect(screen.getByText('PROPOSED EDIT')).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toHaveAttribute('data-colour', 'warning');
    expect(screen.getByText('Waiting for both parties to approve.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Locked')).not.toBeInTheDocument();
  });

  it('names the author when it is someone else, and shows the lock once funding started', () => {
    api();
    show({ ...base, locked: true, is_current: true, label: 'APPROVED MILESTONE' }, 99);
    expect(screen.getByText(/Proposed by Sam Seller/)).toBeInTheDocument();
    expect(screen.getByLabelText('Locked')).toBeInTheDocument();
  });

  it('shows the edit history with its count and toggles Show/Hide Edits in a 400 px pane', async () => {
    api();
    show(base);
    expect(screen.getByText(/Edit history \(1\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Edits' }));
    expect(screen.getByTestId('edit-pane')).toHaveStyle({ height: '400px', overflowY: 'auto' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide Edits' }));
    expect(screen.queryByTestId('edit-pane')).not.toBeInTheDocument();
  });

  it("tells the seller to 'Wait for Customer Payment' until funded, and offers the buyer the deposit", () => {
    api();
    show({ ...base, is_current: true, label: 'APPROVED MILESTONE', status: 'Approved', status_colour: 'success' });
    expect(screen.getByText('Wait for Customer Payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deposit/ })).not.toBeInTheDocument();
    show({ ...base, is_current: true, user_is_customer: true, label: 'APPROVED MILESTONE' }, 10);
    expect(screen.getByRole('button', { name: 'Deposit $1,022.50' })).toBeInTheDocument();
  });

  it('shows deposit statuses capitalised with a check mark when complete', async () => {
    api();
    show({ ...base, is_current: true, funded: true, deposit_count: 1, deposit_sum: '1022.50', held: '1022.50' });
    expect(await screen.findByText('Settled')).toBeInTheDocument();
    expect(screen.getByLabelText('complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
  });

  it("shows 'Marked Complete by Both Parties' once both marked", () => {
    api();
    show({ ...base, is_current: true, funded: true, marked_complete_by_both: true, complete_count: 2, incomplete_count: 0 });
    expect(screen.getByText('Marked Complete by Both Parties')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
  });
});
