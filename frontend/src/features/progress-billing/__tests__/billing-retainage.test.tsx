import type { BillingRetainageView, CompanyRole } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';

import { setStepUpHandler } from '../../../lib/step-up';
import { fakeApi, renderScreen } from '../../../test/render';
import { signedIn } from '../../../test/users';
import { BillingPanel } from '../components/BillingPanel';
import { scheduleView, SELLER } from './fixtures';

const held: BillingRetainageView = {
  held: '3000.00',
  held_by_payee: [
    { payee_id: 100, amount: '1500.00' },
    { payee_id: 30, amount: '1500.00' },
  ],
  request: null,
  releases: [],
  blocked: null,
  can_request: true,
  can_approve: false,
  can_dispute: true,
  dispute: null,
  decisions: [],
};

const requested: BillingRetainageView = {
  ...held,
  request: { party: 'company', by: 3, at: '2026-12-20T10:00:00Z', total: '3000.00', payees: held.held_by_payee },
  can_request: false,
  can_approve: true,
};

const released: BillingRetainageView = {
  ...held,
  held: '0.00',
  held_by_payee: [],
  blocked: { code: 'no_retainage_held', message: 'No retainage is held on this project.' },
  can_request: false,
  releases: [
    {
      release_number: 1,
      approved_by_party: 'customer',
      approved_by: 1,
      at: '2026-12-21T10:00:00Z',
      total: '3000.00',
      status: 'paying',
      payees: [
        { payee_id: 100, amount: '1500.00', paid: true, payout_id: 3, waiver: 'none', waiver_name: null },
        { payee_id: 30, amount: '1500.00', paid: false, payout_id: 4, waiver: 'none', waiver_name: null },
      ],
    },
  ],
};

const STEP_UP = { message: "Confirm it's you: enter a code from your authenticator app or use your passkey.", code: 'step_up_required', enrolled: true };

let removeHandler: (() => void) | null = null;
afterEach(() => {
  removeHandler?.();
  removeHandler = null;
});

const show = (role: CompanyRole | null) =>
  renderScreen(
    <App>
      <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
    </App>,
    { user: signedIn(role) },
  );

describe('the retainage release on the Billing tab (issue 38)', () => {
  it('says the retainage is withheld, not yet in escrow, while the payment that withholds it waits for funds', async () => {
    const waiting = {
      ...held,
      blocked: { code: 'payment_awaiting_funds' as const, message: "Pay application 1's payment is waiting for the buyer's deposit to clear." },
      can_request: false,
      can_dispute: false,
    };
    fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { retainage: waiting }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    show('owner');
    const section = await screen.findByRole('region', { name: 'Retainage' });
    expect(within(section).getByRole('list', { name: 'Retainage figures' })).toHaveTextContent('Withheld, not yet in escrow$3,000.00');
  });

  it('shows the retainage held per payee and lets a party ask for its release', async () => {
    const posts: string[] = [];
    let now = held;
    fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { retainage: now }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/job/7/billing/retainage/request') {
        posts.push(call.idempotencyKey ?? '');
        now = { ...requested, can_approve: false };
        return { status: 200, body: scheduleView('company', { retainage: now }) };
      }
      return undefined;
    });
    show('owner');
    const section = await screen.findByRole('region', { name: 'Retainage' });
    expect(within(section).getByRole('list', { name: 'Retainage figures' })).toHaveTextContent('Held now$3,000.00');
    const table = within(section).getByRole('table', { name: 'Retainage held by payee' });
    expect(within(table).getByText('Saguaro Build Co.')).toBeInTheDocument();
    expect(within(table).getByText('Desert Concrete')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Approve retainage release' })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Request retainage release' }));
    expect(await within(section).findByText('The seller asked for the retainage release on Dec 20, 2026')).toBeInTheDocument();
    expect(section).toHaveTextContent('Approving it pays $3,000.00: Saguaro Build Co. $1,500.00, Desert Concrete $1,500.00.');
    expect(within(section).queryByRole('button', { name: 'Request retainage release' })).not.toBeInTheDocument();
    expect(posts).toEqual([expect.any(String)]);
  });

  it('says why no release can be asked for while an application is open', async () => {
    const open: BillingRetainageView = {
      ...held,
      blocked: { code: 'application_open', message: 'Pay application 2 is still open: settle it before the retainage is released.' },
      can_request: false,
    };
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { retainage: open }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    show(null);
    const section = await screen.findByRole('region', { name: 'Retainage' });
    expect(within(section).getByText('Pay application 2 is still open: settle it before the retainage is released.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Request retainage release' })).not.toBeInTheDocument();
  });

  it("offers the buyer the seller's request to approve, through a step-up, then shows the release's payouts", async () => {
    const posts: (string | null)[] = [];
    let steppedUp = false;
    removeHandler = setStepUpHandler(async () => {
      steppedUp = true;
    });
    let now = requested;
    fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { retainage: now }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/job/7/billing/retainage/approve') {
        posts.push(call.idempotencyKey ?? null);
        if (!steppedUp) return { status: 401, body: STEP_UP };
        now = released;
        return { status: 200, body: scheduleView('customer', { retainage: now }) };
      }
      return undefined;
    });
    show(null);
    const section = await screen.findByRole('region', { name: 'Retainage' });
    expect(within(section).getByText('The seller asked for the retainage release on Dec 20, 2026')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Approve retainage release' }));
    const release = await within(section).findByRole('region', { name: 'Retainage release 1' });
    expect(release).toHaveTextContent('Release 1 Paying $3,000.00 on Dec 21, 2026, approved by the buyer.');
    const payouts = within(release).getByRole('table', { name: 'Payouts of release 1' });
    const rows = within(payouts).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Saguaro Build Co.$1,500.00Paid', 'Desert Concrete$1,500.00Paying']);
    // Refused for the step-up, then sent again with the same key: one approval.
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toBe(posts[0]);
    expect(within(section).queryByRole('button', { name: 'Approve retainage release' })).not.toBeInTheDocument();
    // Asked again while paying: the last payout reported paid shows without a reload.
    now = { ...released, releases: released.releases.map((r) => ({ ...r, status: 'paid', payees: r.payees.map((p) => ({ ...p, paid: true })) })) };
    await waitFor(() => expect(within(release).getAllByText('Paid')).toHaveLength(3), { timeout: 5000 });
  });

  it("shows each payout's lien waivers: where the payee signs the one due, and the unconditional one to print once paid", async () => {
    const withWaivers: BillingRetainageView = {
      ...released,
      releases: [
        {
          ...released.releases[0]!,
          payees: [
            { payee_id: 100, amount: '1500.00', paid: true, payout_id: 3, waiver: 'issued', waiver_name: 'lien-waiver-job-7-payout-3-unconditional-abc' },
            { payee_id: 30, amount: '1500.00', paid: false, payout_id: 4, waiver: 'due', waiver_name: null },
          ],
        },
      ],
    };
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { retainage: withWaivers }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    show('owner');
    const release = await screen.findByRole('region', { name: 'Retainage release 1' });
    const payouts = within(release).getByRole('table', { name: 'Payouts of release 1' });
    const [paid, due] = within(payouts).getAllByRole('row').slice(1);
    expect(paid).toHaveTextContent('Unconditional waiver issued');
    expect(within(paid!).getByRole('link', { name: 'Print the waiver of Saguaro Build Co. for retainage release 1' })).toHaveAttribute(
      'href',
      '/portal/waivers/lien-waiver-job-7-payout-3-unconditional-abc',
    );
    expect(due).toHaveTextContent('Waiver due');
    expect(within(due!).getByRole('link', { name: 'Sign it on Lien waivers' })).toHaveAttribute('href', '/portal/waivers');
  });

  it('lets the buyer dispute a requested release with a statement, then shows the open dispute', async () => {
    const bodies: unknown[] = [];
    let now = requested;
    const disputed: BillingRetainageView = {
      ...requested,
      request: null,
      blocked: { code: 'retainage_disputed', message: 'A retainage dispute is open on this project; an administrator will decide it.' },
      can_approve: false,
      can_dispute: false,
      dispute: { dispute_id: 4, party: 'customer', by: 1, at: '2026-12-21T10:00:00Z', statement: 'The railing is missing.', proposal: null },
    };
    fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { retainage: now }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/job/7/retainage/dispute') {
        bodies.push(call.data);
        now = disputed;
        return { status: 200, body: {} };
      }
      return undefined;
    });
    show(null);
    const section = await screen.findByRole('region', { name: 'Retainage' });
    await userEvent.click(within(section).getByRole('button', { name: 'Dispute the retainage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the retainage' });
    await userEvent.type(within(dialog).getByLabelText('What is the disagreement about the retainage?'), 'The railing is missing.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(section).findByText('The buyer disputed the retainage on Dec 21, 2026')).toBeInTheDocument();
    expect(section).toHaveTextContent('“The railing is missing.” An administrator will release it to the payees or refund it to the buyer.');
    expect(bodies).toEqual([{ statement: 'The railing is missing.' }]);
    // While it is open, nothing is approved or disputed again.
    expect(within(section).queryByRole('button', { name: 'Approve retainage release' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Dispute the retainage' })).not.toBeInTheDocument();
  });

  it('shows how an administrator decided a past dispute', async () => {
    const refunded: BillingRetainageView = {
      ...held,
      held: '0.00',
      held_by_payee: [],
      blocked: { code: 'no_retainage_held', message: 'No retainage is held on this project.' },
      can_request: false,
      can_dispute: false,
      decisions: [
        { dispute_id: 4, resolution: 'refund', amount: '3000.00', by: 900, approved_by: null, note: 'Defects not fixed.', at: '2026-12-22T10:00:00Z' },
      ],
    };
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { retainage: refunded }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    show('owner');
    const decisions = await screen.findByRole('list', { name: 'Retainage dispute decisions' });
    expect(decisions).toHaveTextContent('Refunded $3,000.00 to the buyer by our team on Dec 22, 2026: Defects not fixed.');
  });

  it("shows the open dispute's files under it, as the page draws them, to the parties", async () => {
    const disputed: BillingRetainageView = {
      ...held,
      blocked: { code: 'retainage_disputed', message: 'A retainage dispute is open on this project; an administrator will decide it.' },
      can_request: false,
      can_dispute: false,
      dispute: { dispute_id: 4, party: 'company', by: 3, at: '2026-12-21T10:00:00Z', statement: 'The buyer will not answer.', proposal: null },
    };
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { retainage: disputed }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    renderScreen(
      <App>
        <BillingPanel
          projectId={7}
          isDraft={false}
          seller={SELLER}
          disputeEvidence={({ disputeId, yourParty }) => <p>{`Files of dispute ${disputeId}, seen by the ${yourParty}`}</p>}
        />
      </App>,
      { user: signedIn(null) },
    );
    const section = await screen.findByRole('region', { name: 'Retainage' });
    expect(within(section).getByText('The seller disputed the retainage on Dec 21, 2026')).toBeInTheDocument();
    expect(within(section).getByText('Files of dispute 4, seen by the buyer')).toBeInTheDocument();
  });
});
