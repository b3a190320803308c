import type { RawEventView } from '@escrow/domain';
import { screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { EventTimeline } from '../components/EventTimeline';

const event = (over: Partial<RawEventView>): RawEventView => ({
  event_id: 'e1',
  stream_id: 'milestone-5000',
  revision: 0,
  position: '900/1',
  type: 'MilestoneProposed',
  occurred_at: '2026-11-24T08:00:00Z',
  recorded_at: '2026-11-24T08:00:00Z',
  actor_id: '1001',
  actor_role: 'company',
  actor_name: 'Pat Manager',
  actor_company_role: 'project_manager',
  data: {},
  metadata: {},
  ...over,
});

describe("the console's event view (issue 37: who did it)", () => {
  it('names the person and their company role behind a company action, the buyer by name, the system by kind', async () => {
    fakeApi(() => ({
      status: 200,
      body: [
        event({}),
        event({
          event_id: 'e2',
          revision: 1,
          position: '901/1',
          type: 'MilestoneVersionApproved',
          actor_id: '1002',
          actor_role: 'customer',
          actor_name: 'Bea Buyer',
          actor_company_role: null,
        }),
        event({
          event_id: 'e3',
          revision: 2,
          position: '902/1',
          type: 'DepositSettled',
          actor_id: '0',
          actor_role: 'system',
          actor_name: null,
          actor_company_role: null,
        }),
      ],
    }));
    renderScreen(
      <App>
        <EventTimeline projectId={7} onShowAsOf={() => undefined} />
      </App>,
    );
    await screen.findByText('MilestoneProposed');
    const row = (type: string) => screen.getByText(type).closest('tr')!;
    expect(row('MilestoneProposed')).toHaveTextContent('Pat Manager (project manager) · company 1001');
    expect(row('MilestoneVersionApproved')).toHaveTextContent('Bea Buyer · customer 1002');
    expect(row('DepositSettled')).toHaveTextContent('system 0');
  });
});
