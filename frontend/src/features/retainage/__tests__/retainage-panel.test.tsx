import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { signedIn } from '../../../test/users';
import type { RetainageView } from '../api/retainage';
import { ProjectTerms } from '../components/ProjectTerms';
import { RetainagePanel } from '../components/RetainagePanel';

const view: RetainageView = {
  job_id: 7,
  retainage_percent: '5.00',
  site_state: 'AZ',
  withheld: '497.19',
  held: '497.19',
  released: '0.00',
  refunded: '0.00',
  by_payee: [{ company_id: 100, name: 'Saguaro Build Co.', withheld: '300.00', released: '0.00', refunded: '0.00', held: '300.00', paid: '0.00' }],
  milestones: [{ original_id: 5000, title: 'Framing', closed: true, held: '497.19' }],
  open_milestones: 0,
  request: { party: 'seller', by_name: 'Sam Seller', amount: '497.19', at: '2026-11-20T10:00:00.000Z' },
  dispute: null,
  decisions: [],
  your_party: 'buyer',
  can_request: false,
  can_approve: true,
  can_dispute: true,
  next_step: 'The seller asked for the retainage release: approve it, or dispute it.',
};

describe('the retainage panel (issue 17)', () => {
  it("offers the other party the approval of a release, and sends a dispute's statement", async () => {
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/retainage') return { status: 200, body: view };
      if (call.url === '/job/7/retainage/approve') return { status: 200, body: { ...view, request: null, can_approve: false } };
      if (call.url === '/job/7/retainage/dispute') return { status: 200, body: view };
      return undefined;
    });
    renderScreen(
      <App>
        <RetainagePanel projectId={7} />
      </App>,
    );
    expect(await screen.findByText('The seller asked for the retainage release: approve it, or dispute it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for the retainage release' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Retainage by payee' })).getByText('Saguaro Build Co.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dispute the retainage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the retainage' });
    await userEvent.type(within(dialog).getByLabelText('What is the disagreement about the retainage?'), 'Railing missing.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Retainage dispute opened. Our team will review it.');
    expect(calls.find((c) => c.url === '/job/7/retainage/dispute')?.data).toEqual({ statement: 'Railing missing.' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve the retainage release' }));
    await screen.findByText('Retainage release approved; it goes to the payees.');
    expect(calls.filter((c) => c.url === '/job/7/retainage/approve')).toHaveLength(1);
  });
});

describe('the retainage by company role (issue 37)', () => {
  it('offers a viewer member neither approval nor dispute, and says who may', async () => {
    fakeApi((call) => (call.method === 'GET' && call.url === '/job/7/retainage' ? { status: 200, body: { ...view, your_party: 'seller' } } : undefined));
    renderScreen(
      <App>
        <RetainagePanel projectId={7} />
      </App>,
      { user: signedIn('viewer') },
    );
    expect(await screen.findByText("Only the company's owner and project managers can approve milestones.")).toBeInTheDocument();
    expect(screen.getByText("Only the company's owner and project managers can open or answer disputes.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve the retainage release' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute the retainage' })).not.toBeInTheDocument();
  });
});

describe('the project terms (issue 23)', () => {
  const open = async (isDraft: boolean, siteState: RetainageView['site_state']) => {
    fakeApi(() => undefined);
    renderScreen(
      <App>
        <ProjectTerms retainage={{ ...view, site_state: siteState }} projectId={7} isDraft={isDraft} />
      </App>,
      { user: signedIn(null) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit terms' }));
    return screen.findByRole('dialog', { name: 'Project terms' });
  };

  it('does not offer to name a job-site state after submission when none was named', async () => {
    const dialog = await open(false, null);
    expect(within(dialog).getByLabelText("Job site's state (names the lien-waiver law)")).toBeDisabled();
    expect(
      within(dialog).getByText("The job site's state can only be named before the project is submitted: its milestones were agreed without lien waivers."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Changing the retainage changes the escrow agreement: both parties sign it again before the next deposit.'),
    ).toBeInTheDocument();
  });

  it('lets a draft name or change it', async () => {
    const dialog = await open(true, null);
    expect(within(dialog).getByLabelText("Job site's state (names the lien-waiver law)")).toBeEnabled();
  });
});
