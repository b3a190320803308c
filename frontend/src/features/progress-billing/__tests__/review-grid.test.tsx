import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { ReviewGrid } from '../components/ReviewGrid';
import { cellText, scheduleView, SELLER, submitted } from './fixtures';

const nameOf = (id: number) => (id === SELLER.company_id ? SELLER : { company_id: id, name: `Company #${id}` });

function open() {
  const fake = fakeApi((call) => (call.method === 'POST' ? { status: 200, body: { ...submitted, status: 'certified', figures: 'certified' } } : undefined));
  renderScreen(
    <App>
      <ReviewGrid projectId={7} view={scheduleView('customer', { open_application_number: 1 })} application={submitted} nameOf={nameOf} />
    </App>,
  );
  return fake;
}

const grid = () => screen.getByRole('table', { name: 'Lines to certify' });

describe('the review grid (issue 38)', () => {
  it('lists the files of the materials stored beside their line, with a link to download each', async () => {
    const url = '/api/job/7/billing/attachments/6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f/file';
    const { calls } = fakeApi((call) =>
      call.method === 'GET' && call.url === '/job/7/billing/attachments'
        ? { status: 200, body: [{ attachment_id: '6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f', name: 'lumber invoice.pdf', download_url: url }] }
        : undefined,
    );
    const withStored = {
      ...submitted,
      lines: submitted.lines.map((l) =>
        l.line === '3' && l.billed ? { ...l, billed: { ...l.billed, stored_materials: '2000.00', evidence: ['6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f'] } } : l,
      ),
    };
    renderScreen(
      <App>
        <ReviewGrid projectId={7} view={scheduleView('customer', { open_application_number: 1 })} application={withStored} nameOf={nameOf} />
      </App>,
    );
    const files = await within(grid()).findByRole('list', { name: 'Files of the materials stored, line 3' });
    expect(await within(files).findByRole('link', { name: 'lumber invoice.pdf' })).toHaveAttribute('href', url);
    expect(within(grid()).queryByRole('list', { name: 'Files of the materials stored, line 1' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/job/')).map((c) => `${c.method} ${c.url}`)).toEqual(['GET /job/7/billing/attachments']);
  });

  it('refuses a reduction without a reason beside its line, and sends nothing', async () => {
    const { calls } = open();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Decision, line 3' })).getByLabelText('Reduce'));
    const work = screen.getByLabelText('Work certified this period, line 3');
    await userEvent.clear(work);
    await userEvent.type(work, '8000');
    expect(cellText(grid(), '3', 'Check')).toMatch(/Line 3: give the seller the reason/);
    await userEvent.click(screen.getByRole('button', { name: 'Certify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3: give the seller the reason');
    // Nothing sent: the only call is the signed-in user's read (what their company role allows).
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('shows what will be paid as lines are decided, and sends every decision with its reason', async () => {
    const { calls } = open();
    // As billed: line 1 $10,000.00 and line 3 $10,000.00 at 10% retainage: $18,000.00 paid now.
    expect(screen.getByRole('status')).toHaveTextContent('Paid now: $18,000.00; withheld this period: $2,000.00; retainage held in all: $2,000.00.');
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Decision, line 3' })).getByLabelText('Reduce'));
    const work = screen.getByLabelText('Work certified this period, line 3');
    await userEvent.clear(work);
    await userEvent.type(work, '8000');
    await userEvent.type(screen.getByLabelText('Reason, line 3'), 'north wall not framed');
    expect(cellText(grid(), '3', 'Payment due')).toBe('$7,200.00');
    expect(screen.getByRole('status')).toHaveTextContent('Paid now: $16,200.00; withheld this period: $1,800.00');
    const paid = screen.getByRole('table', { name: 'Summary as certified: paid to each payee' });
    expect(within(paid).getByText('Saguaro Build Co.')).toBeInTheDocument();
    expect(within(paid).getByText('$16,200.00')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Decision, line 1' })).getByLabelText('Refuse'));
    await userEvent.type(screen.getByLabelText('Reason, line 1'), 'punch list');
    expect(screen.getByRole('status')).toHaveTextContent('Paid now: $7,200.00');
    await userEvent.click(screen.getByRole('button', { name: 'Certify' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.data)
      .toEqual({
        revision: 1,
        lines: [
          { line: '1', decision: 'refused', reason: 'punch list' },
          { line: '3', decision: 'reduced', work_this_period: '8000', stored_materials: '0.00', reason: 'north wall not framed' },
        ],
      });
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/job/7/pay-applications/1/certify');
  });
});
