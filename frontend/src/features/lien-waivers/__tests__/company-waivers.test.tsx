import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { signedIn } from '../../../test/users';
import { CompanyWaivers } from '../components/CompanyWaivers';

/** A progress-billed payout's conditional waiver (issue 38): payout 2 of project 7, pay application 1. */
const billingWaiver = {
  original_id: 7,
  job_id: 7,
  m_id: null,
  payout_id: 2,
  milestone_title: 'Pay application 1, period to 2026-11-30',
  service: 'General Contracting',
  payment: 'progress_payment',
  mp_id: 2,
  company_id: 100,
  company_name: 'Desert Concrete',
  kind: 'conditional',
  amount: '13500.00',
  site_state: 'UT',
  status: 'missing',
  due_since: '2026-12-01T10:00:00.000Z',
  waiver_name: null,
  signed_at: null,
  can_sign: true,
  text: 'CONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS ON PAYMENT — UTAH (UT)',
  waiver_hash: 'b'.repeat(64),
};

describe('the lien waivers of a progress-billed payout on the company’s waivers page', () => {
  it('names the pay application and signs on the project’s billing route with the payout', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: signedIn('owner') };
      if (call.url === '/waivers') return { status: 200, body: [billingWaiver] };
      if (call.method === 'POST' && call.url === '/job/7/billing/waivers/sign')
        return { status: 200, body: { ...billingWaiver, status: 'signed', signed_name: 'Dana Pruitt' } };
      return undefined;
    });
    renderScreen(
      <App>
        <CompanyWaivers />
      </App>,
    );
    const table = await screen.findByRole('table', { name: 'Lien waivers of your company' });
    expect(within(table).getByText('Pay application 1, period to 2026-11-30')).toBeInTheDocument();
    expect(within(table).getByText('conditional waiver, payment')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Sign' }));
    await userEvent.type(await screen.findByLabelText('Type your full legal name to sign'), 'Dana Pruitt');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the waiver' }));
    await screen.findByText('Lien waiver signed.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/job/7/billing/waivers/sign',
        data: { payout_id: 2, kind: 'conditional', signed_name: 'Dana Pruitt', waiver_hash: 'b'.repeat(64) },
        params: undefined,
      },
    ]);
  });
});
