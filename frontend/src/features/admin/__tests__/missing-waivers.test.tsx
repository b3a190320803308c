import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { MissingWaivers } from '../components/MissingWaivers';

describe('the lien waivers missing (admin reports)', () => {
  it('lists a progress-billed payout waiting for its waiver by its pay application (issue 38)', async () => {
    fakeApi((call) =>
      call.url === '/admin/reports/missing-waivers'
        ? {
            status: 200,
            body: [
              {
                job_id: 7,
                original_id: 7,
                milestone_title: 'Pay application 1',
                payment: 'progress_payment',
                mp_id: 2,
                company_id: 30,
                company_name: 'Desert Concrete',
                kind: 'conditional',
                amount: '13500.00',
                site_state: 'UT',
                due_since: '2026-12-01T10:00:00.000Z',
                days_waiting: 2.5,
              },
              {
                job_id: 7,
                original_id: 7,
                milestone_title: 'Retainage release 1',
                payment: 'progress_retainage',
                mp_id: 3,
                company_id: 30,
                company_name: 'Desert Concrete',
                kind: 'conditional',
                amount: '1500.00',
                site_state: 'UT',
                due_since: '2026-12-02T10:00:00.000Z',
                days_waiting: 1.5,
              },
            ],
          }
        : undefined,
    );
    renderScreen(<MissingWaivers />);
    const table = await screen.findByRole('table', { name: 'Lien waivers missing' });
    expect(await within(table).findByText('Pay application 1')).toBeInTheDocument();
    expect(within(table).getByText('conditional, payment (UT)')).toBeInTheDocument();
    expect(within(table).getByText('conditional, retainage release (UT)')).toBeInTheDocument();
  });
});
