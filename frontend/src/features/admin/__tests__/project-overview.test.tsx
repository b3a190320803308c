import type { AdminJobView, VersionView } from '@escrow/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderScreen } from '../../../test/render';
import { ProjectOverview } from '../components/ProjectOverview';

const version = (over: Partial<VersionView>) =>
  ({
    m_id: 1,
    label: 'Version 1',
    is_current: false,
    title: 'Framing',
    definition: 'Walls up.',
    author_id: 1001,
    author_name: 'Pat Manager',
    author_company_role: 'project_manager',
    author_party: 'seller',
    buyer_approval: 'pending',
    seller_approval: 'approved',
    amount: '1000.00',
    deposit_total: '1022.50',
    created: '2026-11-24T08:00:00Z',
    payees: [],
    ...over,
  }) as unknown as VersionView;

/** Only what the overview reads: the parties, the money and one milestone's versions. */
const project = {
  summary: {
    job_id: 7,
    customer_id: 1002,
    customer_name: 'Bea Buyer',
    primary_company_name: 'Saguaro Build Co.',
    customerInitiated: true,
    status: 'submitted',
    created_at: '2026-11-24T08:00:00Z',
    submitted_at: null,
    signatures: { buyer: null, seller: null },
    totals: { agreed: '0.00', deposited: '0.00', held: '0.00', released: '0.00', fees: '0.00', refunded: '0.00', to_fund: '0.00', retainage_held: '0.00' },
    next_action: null,
  },
  milestones: [
    {
      original_id: 5000,
      title: 'Framing',
      held: '0.00',
      deposited: '0.00',
      versions: [
        version({}),
        version({ m_id: 2, label: 'Version 2', author_id: 1002, author_name: 'Bea Buyer', author_company_role: null, author_party: 'buyer' }),
      ],
      deposits: [],
      disbursements: [],
      refunds: [],
      retainage_held: '0.00',
      retainage_by_payee: [],
      waivers: [],
      disputes: [],
    },
  ],
} as unknown as AdminJobView;

describe("the console's project overview (issue 37: who did it)", () => {
  it("names a version's author with their company role and their side", async () => {
    renderScreen(<ProjectOverview project={project} />);
    const table = await screen.findByRole('table', { name: 'Versions of Framing' });
    const row = (label: string) => within(table).getByText(label).closest('tr')!;
    expect(row('Version 1')).toHaveTextContent('Pat Manager (project manager), seller');
    expect(row('Version 2')).toHaveTextContent('Bea Buyer, buyer');
  });
});
