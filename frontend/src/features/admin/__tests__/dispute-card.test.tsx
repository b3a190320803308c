import type { AdminDisputeRow } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { DisputeCard } from '../components/DisputeCard';
import { AdminIdentity } from '../roles';

const dispute: AdminDisputeRow = {
  dispute_id: 1,
  original_id: 5003,
  job_id: 1001,
  milestone_title: 'Tear-off and new roof',
  buyer: 'Jordan Buyer',
  seller: 'Saguaro Build Co.',
  status: 'open',
  opened_by_party: 'buyer',
  opened_by: 'Jordan Buyer',
  statement: 'The flashing was never replaced.',
  opened_at: '2026-11-01T10:00:00Z',
  response: { by: 'Sam Seller', party: 'seller', statement: 'Outside our scope.', at: '2026-11-02T10:00:00Z' },
  held: '16155.50',
  resolution: null,
  proposal: null,
  four_eyes_above: '100000.00',
};

describe('dispute card', () => {
  it("shows both sides' statements and refuses a split that is not strictly between nothing and all", async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: {} }));
    renderScreen(
      <App>
        <AdminIdentity value={{ userId: 7, role: 'finance', refresh: () => {} }}>
          <DisputeCard dispute={dispute} />
        </AdminIdentity>
      </App>,
    );
    await screen.findByRole('button', { name: 'Resolve dispute' });
    expect(screen.getByRole('region', { name: "The buyer's statement" })).toHaveTextContent('The flashing was never replaced.');
    expect(screen.getByRole('region', { name: "The seller's statement" })).toHaveTextContent('Outside our scope.');
    await userEvent.click(screen.getByRole('radio', { name: 'Split' }));
    await userEvent.type(screen.getByLabelText(/Refund to the buyer/), '16155.50');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText(/A split refunds more than \$0\.00 and less than \$16,155\.50/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Refund to the buyer/));
    await userEvent.type(screen.getByLabelText(/Refund to the buyer/), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText('Enter the refund in dollars and cents, like 5000.00.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a split with the refund in cents and shows what goes where', async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: {} }));
    renderScreen(
      <App>
        <AdminIdentity value={{ userId: 7, role: 'finance', refresh: () => {} }}>
          <DisputeCard dispute={dispute} />
        </AdminIdentity>
      </App>,
    );
    await screen.findByRole('button', { name: 'Resolve dispute' });
    await userEvent.click(screen.getByRole('radio', { name: 'Split' }));
    await userEvent.type(screen.getByLabelText(/Refund to the buyer/), '5000');
    expect(screen.getByText('$11,155.50 goes to the payees (less the platform fee on that share), $5,000.00 back to the buyer.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Note to both parties'), 'Half the scope.');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve by split?' });
    expect(confirm).toHaveTextContent('To the payees of Saguaro Build Co.$11,155.50 (the platform fee on that share comes out of it)');
    expect(confirm).toHaveTextContent('Back to the buyer Jordan Buyer$5,000.00');
    expect(calls).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm resolution' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/admin/milestones/5003/dispute/resolve',
      data: { resolution: 'split', refund_amount: '5000.00', note: 'Half the scope.' },
    });
  });

  it('shows the API refusal when a resolution fails', async () => {
    fakeApi(() => ({ status: 409, body: { message: 'The dispute was already resolved.' } }));
    renderScreen(
      <App>
        <AdminIdentity value={{ userId: 7, role: 'finance', refresh: () => {} }}>
          <DisputeCard dispute={dispute} />
        </AdminIdentity>
      </App>,
    );
    await screen.findByRole('button', { name: 'Resolve dispute' });
    await userEvent.click(screen.getByRole('radio', { name: 'Refund all to the buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Resolve by refund?' })).getByRole('button', { name: 'Confirm resolution' }));
    expect(await screen.findByText('The dispute was already resolved.')).toBeInTheDocument();
  });

  it('starts with nothing chosen, and moves no money without a confirmation of what each side gets', async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: {} }));
    renderScreen(
      <App>
        <AdminIdentity value={{ userId: 7, role: 'finance', refresh: () => {} }}>
          <DisputeCard dispute={dispute} />
        </AdminIdentity>
      </App>,
    );
    await screen.findByRole('button', { name: 'Resolve dispute' });
    for (const name of ['Release all to the payees', 'Refund all to the buyer', 'Split']) expect(screen.getByRole('radio', { name })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText('Choose how to resolve the dispute: release, refund or split.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Release all to the payees' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve by release?' });
    expect(confirm).toHaveTextContent('To the payees of Saguaro Build Co.$16,155.50');
    expect(confirm).toHaveTextContent('Back to the buyer Jordan Buyer$0.00');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
  });
});
