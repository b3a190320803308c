import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

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

const completed: MilestoneView = {
  ...base,
  is_current: true,
  locked: true,
  label: 'APPROVED MILESTONE',
  status: 'Releasing',
  marked_complete_by_both: true,
  retainage_percent: '5.00',
  lien_waiver_state: 'AZ',
  retainage_held: '50.00',
  waivers_missing: 2,
  waivers_to_sign: 1,
  payouts_pending: true,
  clock: {
    held_since: '2026-11-01T10:00:00.000Z',
    in_custody: '1000.00',
    retainage_held: '50.00',
    next_date: null,
    must_act: [
      { who: 'payee', company_id: 100, name: 'Saguaro Build Co.', action: 'Sign the conditional lien waiver for $950.00', you: true },
      { who: 'payee', company_id: 101, name: 'Desert Current Electric', action: 'Sign the conditional lien waiver for $0.00', you: false },
    ],
  },
};

const waiver = {
  original_id: 5000,
  payment: 'disbursement',
  mp_id: 70000,
  company_id: 100,
  company_name: 'Saguaro Build Co.',
  kind: 'conditional',
  amount: '950.00',
  site_state: 'AZ',
  status: 'missing',
  due_since: '2026-11-20T10:00:00.000Z',
  waiver_name: null,
  signed_at: null,
  can_sign: true,
  text: 'CONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS ON PAYMENT — ARIZONA (AZ)',
  waiver_hash: 'a'.repeat(64),
};

describe('the clock on held funds and the lien waivers of a card (issue 17)', () => {
  it('says since when funds are held, how much is retainage and who must act, the asking user first as "You"', () => {
    fakeApi((call) => (/\/(waivers|payees|deposits)$/.test(call.url) ? { status: 200, body: [] } : undefined));
    renderScreen(
      <App>
        <MilestoneCard milestone={completed} currentUserId={21} />
      </App>,
    );
    const clock = screen.getByRole('region', { name: 'Held funds' });
    expect(within(clock).getByText(/\$1,000.00, of which \$50.00 retainage/)).toBeInTheDocument();
    expect(within(clock).getByText('You: Sign the conditional lien waiver for $950.00')).toBeInTheDocument();
    expect(within(clock).getByText('Desert Current Electric: Sign the conditional lien waiver for $0.00')).toBeInTheDocument();
    expect(screen.getByText('Retainage 5%')).toBeInTheDocument();
    expect(screen.getByText('Lien waivers: AZ')).toBeInTheDocument();
  });

  it("lets the payee's user read its waiver and sign it with its own legal name only", async () => {
    const { calls } = fakeApi((call) => {
      if (call.url.endsWith('/waivers')) return { status: 200, body: [waiver] };
      if (call.url.endsWith('/waivers/sign')) return { status: 200, body: { ...waiver, status: 'signed', waiver_name: 'lien-waiver-x' } };
      return /\/(payees|deposits)$/.test(call.url) ? { status: 200, body: [] } : undefined;
    });
    renderScreen(
      <App>
        <MilestoneCard milestone={completed} currentUserId={21} signer={{ first_name: 'Sam', last_name: 'Seller' }} />
      </App>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign conditional waiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditional lien waiver (AZ)' });
    expect(within(dialog).getByLabelText('Waiver text')).toHaveTextContent('CONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS ON PAYMENT');
    // The name field's code loads with the dialog.
    await userEvent.type(await within(dialog).findByLabelText('Type your full legal name to sign'), 'Someone Else');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign the waiver' }));
    expect(await within(dialog).findByText('Sign with your own legal name as it is on your account: Sam Seller.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/waivers/sign'))).toBe(false);
    await userEvent.clear(within(dialog).getByLabelText('Type your full legal name to sign'));
    await userEvent.type(within(dialog).getByLabelText('Type your full legal name to sign'), ' sam  seller ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign the waiver' }));
    await screen.findByText('Lien waiver signed.');
    expect(calls.find((c) => c.url.endsWith('/waivers/sign'))).toMatchObject({
      method: 'POST',
      url: '/milestone/5000/waivers/sign',
      data: { payment: 'disbursement', mp_id: 70000, kind: 'conditional', signed_name: ' sam  seller ', waiver_hash: 'a'.repeat(64) },
    });
  });

  it('offers the Sign button to owners and finance members only, and tells a project manager why not (issue 37)', async () => {
    fakeApi((call) => {
      if (call.url.endsWith('/waivers')) return { status: 200, body: [waiver] };
      return /\/(payees|deposits)$/.test(call.url) ? { status: 200, body: [] } : undefined;
    });
    const card = (role: 'finance' | 'project_manager', title: string) =>
      renderScreen(
        <App>
          <MilestoneCard milestone={{ ...completed, title }} currentUserId={21} signer={{ first_name: 'Dana', last_name: 'Pruitt' }} />
        </App>,
        { user: signedIn(role) },
      );
    card('finance', 'Framing');
    expect(await screen.findByRole('button', { name: 'Sign conditional waiver' })).toBeInTheDocument();
    cleanup();
    card('project_manager', 'Roof');
    expect(await screen.findByText("Only the company's owner and finance members can sign lien waivers.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign conditional waiver' })).not.toBeInTheDocument();
  });
});
