import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { clearingDates } from '../../../components/deposit-clearing';
import { addBusinessDays } from '../../../lib/business-days';
import { fakeApi, renderScreen } from '../../../test/render';
import { signedIn } from '../../../test/users';
import type { MilestoneView } from '../api/milestones';
import { MilestoneCard } from '../components/MilestoneCard';

const base: MilestoneView = {
  m_id: 5000,
  original_id: 5000,
  job_id: 7,
  title: '',
  definition: 'Roof on.',
  position: 1,
  author_id: 21,
  author_name: 'Sam Seller',
  author_company_role: null,
  author_party: 'seller',
  locked: false,
  is_current: false,
  is_original: true,
  edit_is_current: false,
  has_current_edit: false,
  user_is_customer: false,
  user_created_edits: true,
  user_marked_complete: false,
  edit_count: 1,
  rejected_count: 1,
  not_approved_count: 1,
  complete_count: 0,
  incomplete_count: 2,
  deposit_count: 0,
  attachment_count: 0,
  deposit_sum: '0.00',
  deposit_total: '1022.50',
  user_approval_status: 'pending',
  primary_company_name: 'Saguaro',
  customer_name: 'Jordan',
  total_disbursements_planned: '1000.00',
  total_disbursed: '0.00',
  amount: '1000.00',
  fee_total: '22.50',
  label: 'ORIGINAL MILESTONE',
  status: 'Submitted',
  status_colour: 'warning',
  approval_message: 'Waiting for both parties to approve.',
  buyer_approval: 'pending',
  seller_approval: 'pending',
  can_edit: false,
  shows_edit_history: true,
  completion: { buyer: false, seller: false },
  marked_complete_by_both: false,
  completion_text: null,
  held: '0.00',
  refunded: '0.00',
  deposit_pending: false,
  funded: false,
  funds_cleared: false,
  funds_clear_at: null,
  response_deadline: null,
  next_action: null,
  retainage_percent: '0.00',
  lien_waiver_state: null,
  retainage_held: '0.00',
  clock: { held_since: null, in_custody: '0.00', retainage_held: '0.00', next_date: null, must_act: [] },
  waivers_missing: 0,
  waivers_to_sign: 0,
  payouts_pending: false,
  pending_edit: null,
  dispute: null,
};

const api = () =>
  fakeApi((call) => {
    if (call.url.endsWith('/deposits'))
      return {
        status: 200,
        body: [
          { md_id: 1, amount: '1022.50', created: '2026-11-01', payment_status: 'settled', deposit_complete: true, failure_reason: null, bank_last4: null },
        ],
      };
    if (call.url.endsWith('/payees')) return { status: 200, body: [] };
    if (call.url.endsWith('/edits')) return { status: 200, body: [] };
    return undefined;
  });

const show = (m: MilestoneView, userId = 21, user = signedIn(null)) =>
  renderScreen(
    <App>
      <MilestoneCard milestone={m} currentUserId={userId} />
    </App>,
    { user },
  );

describe('milestone card (docs/product.md#milestone-card)', () => {
  it("shows the parties that a resolution waits for a second administrator, in the API's words", () => {
    api();
    const waiting = "Resolution proposed by an administrator, waiting for a second administrator's approval.";
    show({
      ...base,
      dispute: {
        dispute_id: 1,
        status: 'open',
        opened_by: 'Jordan Buyer',
        opened_by_party: 'buyer',
        statement: 'The flashing was never replaced.',
        opened_at: '2026-11-01T10:00:00Z',
        response: null,
        resolution: null,
        proposal: {
          proposal_id: 1,
          proposed_by: 'Fran Finance',
          proposed_by_id: 7,
          resolution: 'refund',
          release_amount: '0.00',
          refund_amount: '1022.50',
          note: '',
          proposed_at: '2026-11-03T10:00:00Z',
          stale: false,
          message: waiting,
        },
      },
    });
    expect(within(screen.getByRole('region', { name: 'Dispute' })).getByRole('status')).toHaveTextContent(waiting);
  });

  it("shows 'Whole Project Milestone' without a title, 'you' as the author, the label, badge and approval message", () => {
    api();
    show(base);
    expect(screen.getByText('Whole Project Milestone')).toBeInTheDocument();
    expect(screen.getByText(/Proposed by you/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Version' })).toHaveTextContent(/^ORIGINAL MILESTONE$/);
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

  it("names a company author's role then, as the History does (issue 37)", () => {
    api();
    show({ ...base, author_name: 'Pat Lee', author_company_role: 'project_manager' }, 99);
    expect(screen.getByText(/Proposed by Pat Lee \(project manager\)/)).toBeInTheDocument();
  });

  it('shows the edit history with its count and toggles Show/Hide Edits in a 400 px pane', async () => {
    api();
    show(base);
    // One edit: the pane lists two versions, the original and the edit (issue 23, point 9).
    expect(screen.getByText(/Edit history \(2\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Edits' }));
    expect(screen.getByTestId('edit-pane')).toHaveStyle({ height: '400px', overflowY: 'auto' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide Edits' }));
    expect(screen.queryByTestId('edit-pane')).not.toBeInTheDocument();
  });

  it("tells the seller to 'Wait for Customer Payment' until funded, and offers the buyer the deposit", async () => {
    api();
    show({ ...base, is_current: true, label: 'APPROVED MILESTONE', status: 'Approved', status_colour: 'success' });
    expect(screen.getByText('Wait for Customer Payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deposit/ })).not.toBeInTheDocument();
    show({ ...base, is_current: true, user_is_customer: true, label: 'APPROVED MILESTONE' }, 10);
    expect(await screen.findByRole('button', { name: 'Deposit $1,022.50' })).toBeInTheDocument();
  });

  it('calls a deposit due only once the milestone is approved, as the project\'s "Still to fund" does', async () => {
    fakeApi((call) => (call.url.endsWith('/payees') || call.url.endsWith('/deposits') ? { status: 200, body: [] } : undefined));
    show(base);
    expect(await screen.findByText('No deposit yet. The deposit of $1,022.50 is due once both parties approve.')).toBeInTheDocument();
    show({ ...base, m_id: 5003, is_current: true, label: 'APPROVED MILESTONE', status: 'Approved' });
    expect(await screen.findByText('No deposit yet. Deposit due: $1,022.50.')).toBeInTheDocument();
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

  it('offers Approve Edit and Reject Edit on the edit waiting for this user, and decides that version', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/milestone/approval') return { status: 200, body: {} };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits') || call.url.endsWith('/edits')) return { status: 200, body: [] };
      return undefined;
    });
    const pending_edit = {
      m_id: 5002,
      author_id: 10,
      author_name: 'Jordan Buyer',
      author_company_role: null,
      author_party: 'buyer' as const,
      user_approval_status: 'pending' as const,
      buyer_approval: 'pending' as const,
      seller_approval: 'pending' as const,
      approval_message: 'Waiting for both parties to approve.',
    };
    show({ ...base, label: 'ORIGINAL MILESTONE (Edit Submitted)', can_edit: true, pending_edit });
    expect(screen.getByRole('status', { name: 'Version' })).toHaveTextContent(/^ORIGINAL MILESTONE \(Edit Submitted\)$/);
    expect(screen.getByRole('button', { name: 'Make Edit' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Edit' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/milestone/approval')?.data).toEqual({ milestone_id: 5002, reject: true }));
  });

  it('says so once this user approved the pending edit, and offers no Make Edit where docs/product.md#editing-and-edit-history does not', () => {
    api();
    const pending_edit = {
      m_id: 5002,
      author_id: 21,
      author_name: 'Sam Seller',
      author_company_role: null,
      author_party: 'seller' as const,
      user_approval_status: 'approved' as const,
      buyer_approval: 'pending' as const,
      seller_approval: 'approved' as const,
      approval_message: '',
    };
    show({ ...base, label: 'ORIGINAL MILESTONE (Edit Submitted)', can_edit: false, pending_edit });
    expect(screen.getByText("You approved your edit; it waits for the buyer's approval.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Edit' })).not.toBeInTheDocument();
  });

  it('names the version each button decides, and says whose approval each waits for (issue 23, point 7)', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/milestone/approval') return { status: 200, body: {} };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits') || call.url.endsWith('/edits')) return { status: 200, body: [] };
      return undefined;
    });
    // The seller proposed the original and then an edit of it; nobody has decided yet.
    const pending_edit = {
      m_id: 5002,
      author_id: 21,
      author_name: 'Sam Seller',
      author_company_role: null,
      author_party: 'seller' as const,
      user_approval_status: 'pending' as const,
      buyer_approval: 'pending' as const,
      seller_approval: 'pending' as const,
      approval_message: 'Waiting for both parties to approve.',
    };
    show({
      ...base,
      label: 'ORIGINAL MILESTONE (Edit Submitted)',
      can_edit: true,
      pending_edit,
      next_action: 'Approve the original or your edit, or reject them',
    });
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.getByText('Next for you: Approve the original or your edit, or reject them.')).toBeInTheDocument();
    const original = within(panel.getByRole('group', { name: 'The original' }));
    expect(original.getByText("The original waits for your approval and the buyer's.")).toBeInTheDocument();
    expect(original.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve Original', 'Reject Original']);
    const edit = within(panel.getByRole('group', { name: 'Your edit' }));
    expect(edit.getByText("Your edit waits for your approval and the buyer's.")).toBeInTheDocument();
    expect(edit.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve Edit', 'Reject Edit']);
    expect(panel.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(original.getByRole('button', { name: 'Approve Original' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/milestone/approval')?.data).toEqual({ milestone_id: 5000, approve: true }));
    await userEvent.click(edit.getByRole('button', { name: 'Reject Edit' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/milestone/approval').at(-1)?.data).toEqual({ milestone_id: 5002, reject: true }));
  });

  it('after the original and its edit were rejected, names what Approve approves and offers Make Edit in Your Actions (point 8)', async () => {
    api();
    // The buyer rejected the original the seller approved; the buyer's edit was rejected by the seller.
    show(
      {
        ...base,
        user_is_customer: true,
        label: 'ORIGINAL MILESTONE (Rejected)',
        status: 'Declined',
        can_edit: true,
        edit_count: 1,
        user_approval_status: 'rejected',
        buyer_approval: 'rejected',
        seller_approval: 'approved',
        next_action: 'Approve the original, or propose an edit',
      },
      10,
    );
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.getByText('Next for you: Approve the original, or propose an edit.')).toBeInTheDocument();
    expect(panel.getByText('You rejected the original; the seller approved it.')).toBeInTheDocument();
    expect(panel.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve Original', 'Make Edit']);
    // One Make Edit in the card: the one in Your Actions.
    expect(screen.getAllByRole('button', { name: 'Make Edit' })).toHaveLength(1);
    await userEvent.click(panel.getByRole('button', { name: 'Make Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Whole Project Milestone' })).toBeInTheDocument();
  });

  it('lists every version in the edit pane with its label and author, with decisions only on open edits', async () => {
    const version = (m_id: number, label: string, status: string, author_id: number, seller_approval = 'pending') => ({
      m_id,
      original_id: 5000,
      is_original: m_id === 5000,
      is_current: false,
      based_on: null,
      title: '',
      definition: 'Roof on.',
      author_id,
      author_name: author_id === 21 ? 'Sam Seller' : 'Jordan Buyer',
      author_company_role: null,
      author_party: author_id === 21 ? 'seller' : 'buyer',
      created: '2026-11-01T10:00:00Z',
      label,
      status,
      buyer_approval: 'pending',
      seller_approval,
      approval_message: '',
      amount: '1000.00',
      fee_total: '22.50',
      deposit_total: '1022.50',
      payees: [],
    });
    fakeApi((call) => {
      if (call.url.endsWith('/edits'))
        return {
          status: 200,
          body: [
            version(5000, 'ORIGINAL MILESTONE (Edit Submitted)', 'proposed', 21),
            version(5001, 'PROPOSED EDIT (Rejected)', 'proposed', 10, 'rejected'),
            version(5002, 'PROPOSED EDIT', 'proposed', 10),
          ],
        };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits')) return { status: 200, body: [] };
      return undefined;
    });
    show({ ...base, edit_count: 2, label: 'ORIGINAL MILESTONE (Edit Submitted)' });
    expect(screen.getByRole('heading', { name: /^Edit history \(3\)/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Edits' }));
    const pane = within(screen.getByRole('list', { name: 'Versions' }));
    // The heading counts what the pane lists.
    await waitFor(() => expect(pane.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByRole('heading', { name: /^Edit history \(3\)/ })).toBeInTheDocument();
    const original = await pane.findByRole('listitem', { name: 'ORIGINAL MILESTONE (Edit Submitted): Whole Project Milestone' });
    expect(original).toHaveTextContent('by you');
    expect(within(original).queryByRole('button')).not.toBeInTheDocument(); // the card's own version is decided in Your Actions
    const rejected = pane.getByRole('listitem', { name: 'PROPOSED EDIT (Rejected): Whole Project Milestone' });
    expect(rejected).toHaveTextContent('by the buyer Jordan Buyer');
    expect(within(rejected).getByRole('button', { name: 'Approve this version' })).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: 'Reject this version' })).not.toBeInTheDocument();
    const open = pane.getByRole('listitem', { name: 'PROPOSED EDIT: Whole Project Milestone' });
    expect(within(open).getByRole('button', { name: 'Reject this version' })).toBeInTheDocument();
  });
});

describe('the deposit (confirm before money moves)', () => {
  const approved: MilestoneView = {
    ...base,
    is_current: true,
    user_is_customer: true,
    label: 'APPROVED MILESTONE',
    status: 'Approved',
    status_colour: 'success',
    next_action: 'Deposit funds',
  };
  const agreement = (buyer: boolean, seller: boolean) => ({
    job_id: 7,
    contract_name: 'x',
    agreement_hash: 'a'.repeat(64),
    text: '',
    signatures: {
      buyer: buyer ? { signed_name: 'Jordan Buyer', at: '2026-11-01T10:00:00Z' } : null,
      seller: seller ? { signed_name: 'Sam Seller', at: '2026-11-01T10:00:00Z' } : null,
    },
  });
  const account = {
    bank_account_id: 1,
    purpose: 'deposit',
    holder_name: 'Jordan Buyer',
    bank_name: 'Desert Bank',
    last4: '6789',
    job_id: 7,
    created_at: '2026-11-01T10:00:00Z',
  };
  const depositApi = (signed: [boolean, boolean], accounts = [account]) =>
    fakeApi((call) => {
      if (call.url === '/job/7/agreement') return { status: 200, body: agreement(...signed) };
      if (call.url === '/bank-accounts') return { status: 200, body: { deposit_accounts: accounts, payout_account: null } };
      if (call.url === '/milestone/deposit') return { status: 201, body: { md_id: 1 } };
      if (call.url === '/payments/policy')
        return { status: 200, body: { ach_settle_business_days: 5, return_window: { unit: 'ms', ms: 5000 }, return_window_text: '5 seconds' } };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits')) return { status: 200, body: [] };
      return undefined;
    });

  it('keeps the deposit button disabled and says who still has to sign the agreement', async () => {
    depositApi([true, false]);
    show(approved, 10);
    expect(await screen.findByText(/Both parties must sign the escrow agreement before the first deposit\. Still to sign: the seller\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposit $1,022.50' })).toBeDisabled();
  });

  it('shows where the Deposit button will be while the signatures load, never a disabled one (issue 23, point 11)', async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/agreement') return { status: 200, body: agreement(true, true), delayMs: 300 };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits')) return { status: 200, body: [] };
      return undefined;
    });
    show(approved, 10);
    expect(screen.getByRole('status', { name: 'Checking signatures…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Deposit/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deposit $1,022.50' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Checking signatures…' })).not.toBeInTheDocument();
  });

  it('links the buyer to the agreement when they have not signed', async () => {
    depositApi([false, false]);
    show(approved, 10);
    expect(await screen.findByText(/Still to sign: you and the seller\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign the escrow agreement' })).toHaveAttribute('href', '/portal/project-agreement/customer/7');
  });

  it('says the agreement changed when the parties signed an earlier text, and links to the new one', async () => {
    const earlier = { at: '2026-11-01T10:00:00Z', contract_name: 'escrow-agreement-job-7-old' };
    fakeApi((call) => {
      if (call.url === '/job/7/agreement')
        return { status: 200, body: { ...agreement(false, false), earlier_signatures: { buyer: earlier, seller: earlier } } };
      if (call.url.endsWith('/payees') || call.url.endsWith('/deposits')) return { status: 200, body: [] };
      return undefined;
    });
    show(approved, 10);
    expect(
      await screen.findByText(
        /The escrow agreement changed since it was signed: both parties sign its new text before the next deposit\. Still to sign: you and the seller\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read and sign the new agreement' })).toHaveAttribute('href', '/portal/project-agreement/customer/7');
    expect(screen.getByRole('button', { name: 'Deposit $1,022.50' })).toBeDisabled();
  });

  it('shows amount, fee, account and clearing dates, and sends nothing before Confirm', async () => {
    const { calls } = depositApi([true, true]);
    show({ ...approved, deposit_sum: '0.00' }, 10);
    const button = await screen.findByRole('button', { name: 'Deposit $1,022.50' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your deposit' });
    await within(dialog).findByText(/Account ending in 6789 \(Jordan Buyer, Desert Bank\)/);
    expect(dialog).toHaveTextContent('Amount$1,022.50');
    expect(dialog).toHaveTextContent('Escrow fee (2.25%)$22.50, included in the amount');
    // The return window the API says is in force (the sandbox's 5 seconds here), not a guess.
    await waitFor(() =>
      expect(dialog).toHaveTextContent(/settles within 5 business days \(by .+\)\. Settled funds then clear after a return window of 5 seconds \(by .+\)/),
    );
    expect(calls.some((c) => c.url === '/milestone/deposit')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url === '/milestone/deposit')).toBe(false);
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm your deposit' })).getByRole('button', { name: 'Confirm deposit of $1,022.50' }),
    );
    await waitFor(() => expect(calls.find((c) => c.url === '/milestone/deposit')?.data).toEqual({ milestone_id: 5000 }));
  });

  it('asks for a bank account first when none is linked', async () => {
    depositApi([true, true], []);
    show(approved, 10);
    const button = await screen.findByRole('button', { name: 'Deposit $1,022.50' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your deposit' });
    expect(await within(dialog).findByText('No bank account linked yet: link the account to draw from below.')).toBeInTheDocument();
    // The link form loads when the dialog needs it.
    expect(await within(dialog).findByLabelText('Routing number')).toBeInTheDocument();
    // The sandbox's rules, from the table its provider follows (issue 23, point 10).
    expect(
      within(within(dialog).getByRole('list', { name: 'Sandbox test accounts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'An account number ending in 0002: the deposit fails outright (R01, insufficient funds); nothing settles.',
      'An account number ending in 0003: the deposit settles, then the bank returns it (R01) inside the return window; the milestone is no longer funded.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Confirm deposit of $1,022.50' })).toBeDisabled();
  });

  it('counts business days past weekends for the settle and clear dates', () => {
    const friday = new Date('2026-11-06T12:00:00');
    expect(addBusinessDays(friday, 1).getDay()).toBe(1);
    const { settles, clears } = clearingDates(friday);
    expect(settles.toDateString()).toBe(new Date('2026-11-13T12:00:00').toDateString());
    expect(clears.toDateString()).toBe(new Date('2026-11-17T12:00:00').toDateString());
  });
});

describe('the milestone card by company role (issue 37)', () => {
  const openOriginal: MilestoneView = { ...base, can_edit: true, next_action: 'Approve the original or reject it' };
  const funded: MilestoneView = { ...base, is_current: true, funded: true, deposit_count: 1, deposit_sum: '1022.50', held: '1022.50' };
  const approveReason = "Only the company's owner and project managers can approve milestones.";
  const proposeReason = "Only the company's owner and project managers can propose milestones.";

  it('offers a viewer no decision and no edit, and says who may', async () => {
    api();
    show(openOriginal, 21, signedIn('viewer'));
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.queryByRole('button')).not.toBeInTheDocument();
    expect(panel.getByText(approveReason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Edit' })).not.toBeInTheDocument();
    expect(screen.getByText(proposeReason)).toBeInTheDocument();
    // The original's standing is still told: the viewer reads where it stands.
    expect(panel.getByRole('group', { name: 'The original' })).toHaveTextContent("The original waits for your approval and the buyer's.");
  });

  it('offers a viewer neither Mark Complete nor a dispute on funded work, and says who may', async () => {
    api();
    show(funded, 21, signedIn('viewer'));
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.queryByRole('button')).not.toBeInTheDocument();
    expect(panel.getByText("Only the company's owner and project managers can mark milestones complete.")).toBeInTheDocument();
    expect(panel.getByText("Only the company's owner and project managers can open or answer disputes.")).toBeInTheDocument();
  });

  it('offers a project manager the decisions, the edit and Mark Complete', async () => {
    api();
    show(openOriginal, 21, signedIn('project_manager'));
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve Original', 'Reject Original']);
    expect(screen.getByRole('button', { name: 'Make Edit' })).toBeInTheDocument();
    expect(screen.queryByText(approveReason)).not.toBeInTheDocument();
    show({ ...funded, m_id: 5009, title: 'Roof' }, 21, signedIn('project_manager'));
    const roof = within(screen.getByRole('region', { name: 'Roof' }));
    expect(roof.getByRole('button', { name: 'Mark Complete' })).toBeInTheDocument();
    expect(roof.getByRole('button', { name: 'Open a Dispute' })).toBeInTheDocument();
  });

  it('offers a finance member no decision on a version', async () => {
    api();
    show(openOriginal, 21, signedIn('finance'));
    const panel = within(screen.getByRole('region', { name: 'Your Actions' }));
    expect(panel.queryByRole('button', { name: 'Approve Original' })).not.toBeInTheDocument();
    expect(panel.getByText(approveReason)).toBeInTheDocument();
    expect(screen.getByText(proposeReason)).toBeInTheDocument();
  });

  it("links a project manager to the agreement's signature only when the company lets project managers sign", async () => {
    const unsigned = { signatures: { buyer: null, seller: null }, earlier_signatures: null, agreement_hash: 'h', text: '', contract_name: 'c' };
    fakeApi((call) => {
      if (call.url === '/job/7/agreement') return { status: 200, body: unsigned };
      return call.url.endsWith('/payees') || call.url.endsWith('/deposits') ? { status: 200, body: [] } : undefined;
    });
    const approved = { ...base, is_current: true, label: 'APPROVED MILESTONE', status: 'Approved' };
    show(approved, 21, signedIn('project_manager'));
    expect(await screen.findByText("Only the company's owner can sign the escrow agreement.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign the escrow agreement' })).not.toBeInTheDocument();
    show({ ...approved, m_id: 5009, title: 'Roof' }, 21, signedIn('project_manager', 'owner_and_project_managers'));
    const roof = within(screen.getByRole('region', { name: 'Roof' }));
    expect(await roof.findByRole('link', { name: 'Sign the escrow agreement' })).toBeInTheDocument();
  });
});
