import type { AdminDisputeRow } from '@escrow/domain';
import type { AdminRole } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, type FakeCall, renderScreen } from '../../../test/render';
import { DisputeCard, fourEyesNote } from '../components/DisputeCard';
import { APPROVED, STALE_PROPOSAL, WAITING_FOR_SECOND_ADMIN } from '../components/ProposalPanel';
import { adminCan, AdminIdentity, type AdminIdentityValue, adminRefusal } from '../roles';

const PROPOSED = 'Proposed. A second administrator must approve this resolution before it takes effect.';

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
  response: null,
  held: '16155.50',
  resolution: null,
  proposal: null,
  four_eyes_above: '10000.00',
};

const proposal = {
  proposal_id: 3,
  proposed_by: 'Fran Finance',
  proposed_by_id: 7,
  resolution: 'split' as const,
  release_amount: '11155.50',
  refund_amount: '5000.00',
  note: 'Half the scope.',
  proposed_at: '2026-11-03T10:00:00Z',
  stale: false,
  message: "Resolution proposed by an administrator, waiting for a second administrator's approval.",
};

const admin = (userId: number, role: AdminRole) => ({
  user_id: userId,
  first_name: 'Ada',
  last_name: role,
  email: `${role}@demo.escrowledger.test`,
  display_name: `Ada ${role}`,
  phone: null,
  role: 'admin',
  admin_role: role,
  company: null,
  permissions: { user: true },
});

/** The console as `who` uses it (the shell provides who is administering); the API answers `reply`. */
let identity: AdminIdentityValue = { userId: null, role: null, refresh: () => {} };
function api(who: ReturnType<typeof admin>, reply: (call: FakeCall) => { status: number; body?: unknown } = () => ({ status: 200, body: {} })) {
  identity = { userId: who.user_id, role: who.admin_role, refresh: () => {} };
  return fakeApi(reply);
}
const sent = (calls: FakeCall[]) => calls.filter((c) => c.url !== '/user');

function card(d: AdminDisputeRow) {
  return renderScreen(
    <App>
      <AdminIdentity value={identity}>
        <DisputeCard dispute={d} />
      </AdminIdentity>
    </App>,
  );
}

describe('administrator roles in the console', () => {
  it('mirrors the backend: support only reads, finance resolves, operations runs the system, owner does everything', () => {
    expect(adminCan('support', 'resolve-disputes')).toBe(false);
    expect(adminCan('finance', 'resolve-disputes')).toBe(true);
    expect(adminCan('operations', 'resolve-disputes')).toBe(false);
    expect(adminCan('operations', 'run-projections')).toBe(true);
    expect(adminCan('finance', 'run-projections')).toBe(false);
    expect(adminCan('finance', 'export-reports')).toBe(true);
    expect(adminCan('support', 'export-reports')).toBe(false);
    expect(adminCan('finance', 'change-roles')).toBe(false);
    expect(adminCan(null, 'resolve-disputes')).toBe(false);
    for (const action of [
      'resolve-disputes',
      'export-reports',
      'export-audit',
      'run-projections',
      'check-chains',
      'manage-webhooks',
      'manage-directory',
      'change-roles',
    ] as const)
      expect(adminCan('owner', action)).toBe(true);
    expect(adminRefusal('support', 'resolve-disputes')).toBe('Your administrator role (support) cannot do this: it needs the finance or owner role.');
    expect(adminRefusal('owner', 'resolve-disputes')).toBeNull();
  });

  it('shows a support administrator why there is no resolve form', async () => {
    api(admin(8, 'support'));
    card(dispute);
    expect(await screen.findByText('Your administrator role (support) cannot do this: it needs the finance or owner role.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve dispute' })).not.toBeInTheDocument();
  });
});

describe('four eyes on the dispute card', () => {
  it('says above FOUR_EYES_ABOVE that a second administrator must approve, proposes, and shows what the API answered', async () => {
    const { calls } = api(admin(7, 'finance'), () => ({ status: 202, body: { message: PROPOSED, proposal } }));
    card(dispute);
    const resolve = await screen.findByRole('button', { name: 'Resolve dispute' });
    const note = fourEyesNote('16155.50', '10000.00');
    expect(note).toBe('This dispute holds $16,155.50, more than $10,000.00: a second administrator must approve your resolution before it takes effect.');
    expect(resolve).toHaveAccessibleDescription(note);
    await userEvent.click(screen.getByRole('radio', { name: 'Refund all to the buyer' }));
    await userEvent.click(resolve);
    const dialog = await screen.findByRole('dialog', { name: 'Resolve by refund?' });
    expect(dialog).toHaveTextContent('Nothing moves until a different administrator approves it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose resolution' }));
    expect(await screen.findByText(PROPOSED)).toBeInTheDocument();
    expect(sent(calls)).toEqual([{ method: 'POST', url: '/admin/milestones/5003/dispute/resolve', data: { resolution: 'refund' } }]);
  });

  it('says nothing of a second administrator at or below the threshold', async () => {
    api(admin(7, 'finance'));
    card({ ...dispute, held: '10000.00' });
    expect(await screen.findByRole('button', { name: 'Resolve dispute' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/second administrator/)).not.toBeInTheDocument();
  });

  it('shows another administrator who proposed what and when, and sends the approval of that proposal after a confirmation', async () => {
    const { calls } = api(admin(9, 'owner'), () => ({ status: 200, body: {} }));
    card({ ...dispute, proposal });
    const panel = await screen.findByRole('region', { name: 'Proposed resolution of the dispute on Tear-off and new roof' });
    expect(panel).toHaveTextContent('Proposed byFran Finance');
    expect(panel).toHaveTextContent('Split: $11,155.50 to the payees, $5,000.00 back to the buyer.');
    expect(panel).toHaveTextContent('Half the scope.');
    expect(screen.queryByRole('button', { name: 'Resolve dispute' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Approve resolution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this resolution?' });
    expect(sent(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve resolution' }));
    expect(await screen.findByText(APPROVED)).toBeInTheDocument();
    expect(sent(calls)).toEqual([{ method: 'POST', url: '/admin/milestones/5003/dispute/resolution/approve', data: { proposal_id: 3 } }]);
  });

  it('shows the API refusal of an approval', async () => {
    api(admin(9, 'owner'), () => ({ status: 409, body: { message: 'The dispute changed after the resolution was proposed: reject it and propose again.' } }));
    card({ ...dispute, proposal });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve resolution' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Approve this resolution?' })).getByRole('button', { name: 'Approve resolution' }));
    expect(await screen.findAllByText('The dispute changed after the resolution was proposed: reject it and propose again.')).not.toHaveLength(0);
  });

  it('tells the proposer it waits for a second administrator, offers no approval, and lets them withdraw it with a reason', async () => {
    const { calls } = api(admin(7, 'finance'));
    card({ ...dispute, proposal });
    expect(await screen.findByText(WAITING_FOR_SECOND_ADMIN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve resolution' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw proposal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your proposal?' });
    await userEvent.type(within(dialog).getByLabelText("Why (kept in the project's History)"), 'Wrong amount.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw proposal' }));
    await waitFor(() =>
      expect(sent(calls)).toEqual([
        { method: 'POST', url: '/admin/milestones/5003/dispute/resolution/reject', data: { proposal_id: 3, note: 'Wrong amount.' } },
      ]),
    );
  });

  it('lets a stale proposal only be rejected, and a support administrator neither approve nor reject, saying why', async () => {
    api(admin(9, 'owner'));
    const { unmount } = card({ ...dispute, proposal: { ...proposal, stale: true } });
    expect(await screen.findByText(STALE_PROPOSAL)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject resolution' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Approve resolution' })).toBeDisabled();
    unmount();

    api(admin(8, 'support'));
    card({ ...dispute, proposal });
    const reason = 'Your administrator role (support) cannot do this: it needs the finance or owner role.';
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve resolution' })).toHaveAccessibleDescription(reason));
    expect(screen.getByRole('button', { name: 'Approve resolution' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject resolution' })).toBeDisabled();
  });
});
