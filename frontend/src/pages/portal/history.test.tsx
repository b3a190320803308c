import { screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../test/render';
import { ProjectHistory } from './ProjectHistory';

const entry = (patch: Record<string, unknown>) => ({
  event_id: String(Math.random()),
  position: '1/1',
  at: '2026-11-20T10:00:00.000Z',
  type: 'MilestoneProposed',
  milestone_id: 5000,
  actor_id: 21,
  actor_name: 'Dana Pruitt',
  actor_role: 'company',
  summary: 'Milestone "Framing" proposed by the seller.',
  changes: [],
  data: {},
  ...patch,
});

const show = (entries: unknown[]) => {
  fakeApi((call) => (call.url === '/job/7/history' ? { status: 200, body: entries } : undefined));
  renderScreen(
    <App>
      <ProjectHistory projectId={7} seller={{ id: 100, name: 'Saguaro Build Co.' }} />
    </App>,
  );
};

describe('who did it, in the History (issue 37)', () => {
  it('names the person, their role and their company for a company action', async () => {
    show([entry({ actor_company_role: 'project_manager' })]);
    expect(await screen.findByText(/· Dana Pruitt \(project manager\), Saguaro Build Co\.$/)).toBeInTheDocument();
  });

  it('names an event from before roles the person only, with their side as before', async () => {
    show([entry({ actor_company_role: null }), entry({ actor_name: 'Jordan Buyer', actor_role: 'customer' })]);
    expect(await screen.findByText(/· Dana Pruitt \(seller\)$/)).toBeInTheDocument();
    expect(screen.getByText(/· Jordan Buyer \(buyer\)$/)).toBeInTheDocument();
  });

  it("does not give a subcontractor's member the seller's name", async () => {
    show([entry({ type: 'LienWaiverSigned', actor_name: 'Eli Sparks', actor_company_role: 'finance', data: { companyId: 300 } })]);
    expect(await screen.findByText(/· Eli Sparks \(finance\)$/)).toBeInTheDocument();
  });
});
