import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { PayApplicationGrid } from '../components/PayApplicationGrid';
import { TEXTS } from '../components/texts';
import { cellText, scheduleView, SELLER, submitted } from './fixtures';

const nameOf = (id: number) => (id === SELLER.company_id ? SELLER : { company_id: id, name: `Company #${id}` });

const sheet = () => screen.getByRole('table', { name: 'Continuation sheet' });
const cell = (item: string, column: string) => cellText(sheet(), item, column);
const rowOf = (item: string) => [...sheet().querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td, th')?.textContent === item) as HTMLElement;

describe('the pay-application grid (issue 38)', () => {
  it('computes the columns and the summary as a percentage is typed, and sends what was typed', async () => {
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: submitted } : undefined));
    renderScreen(
      <App>
        <PayApplicationGrid projectId={7} view={scheduleView('company')} revise={null} nameOf={nameOf} onDone={() => undefined} />
      </App>,
    );
    expect(cell('1', 'C ')).toBe('$20,000.00');
    expect(cell('1', 'E ')).toBe('$0.00');
    await userEvent.type(screen.getByLabelText('Work this period in percent, line 1'), '50');
    // E = 50% × 20,000.00; G = D + E + F; H = C − G; I = 10% of G; due = G − I (docs/progress-billing.md's example).
    expect(cell('1', 'E ')).toBe('$10,000.00');
    expect(cell('1', 'G ')).toBe('$10,000.00');
    expect(cell('1', 'G ÷ C')).toBe('50.00%');
    expect(cell('1', 'H ')).toBe('$10,000.00');
    expect(cell('1', 'I ')).toBe('$1,000.00');
    expect(cell('1', 'Payment due')).toBe('$9,000.00');
    const summary = screen.getByLabelText('Summary as billed');
    expect(within(summary).getByText('8. Current payment due').nextSibling).toHaveTextContent('$9,000.00');
    expect(within(summary).getByText('4. Total completed and stored to date').nextSibling).toHaveTextContent('$10,000.00');

    // Typing an amount instead clears the percentage: one or the other, as the API takes it.
    await userEvent.type(screen.getByLabelText('Work this period in dollars, line 1'), '5000');
    expect(screen.getByLabelText('Work this period in percent, line 1')).toHaveValue('');
    expect(within(summary).getByText('8. Current payment due').nextSibling).toHaveTextContent('$4,500.00');
    await userEvent.clear(screen.getByLabelText('Work this period in dollars, line 1'));
    await userEvent.type(screen.getByLabelText('Work this period in percent, line 1'), '50');
    await userEvent.type(screen.getByLabelText('Work this period in percent, line 2'), '25.5');
    expect(cell('2', 'E ')).toBe('$7,650.00');
    // Line 2 retains 10% up to its reduction point (50% complete), then 5%: $765.00 at 10%.
    expect(cell('2', 'I ')).toBe('$765.00');

    await userEvent.click(screen.getByRole('button', { name: 'Submit the pay application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the last day of the period billed.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Period to (the last day of the period billed)'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the pay application' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.data)
      .toEqual({
        period_to: '2026-11-30',
        lines: [
          { line: '1', work_percent: '50' },
          { line: '2', work_percent: '25.5' },
        ],
      });
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/job/7/pay-applications');
  });

  it("marks a line billed beyond its value with the domain's own words, and sends nothing", async () => {
    const { calls } = fakeApi(() => undefined);
    renderScreen(
      <App>
        <PayApplicationGrid projectId={7} view={scheduleView('company')} revise={null} nameOf={nameOf} onDone={() => undefined} />
      </App>,
    );
    await userEvent.type(screen.getByLabelText('Period to (the last day of the period billed)'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('Work this period in dollars, line 1'), '25000');
    expect(
      within(rowOf('1')).getByText(/Line 1: \$25,000\.00 completed and stored to date would be more than its scheduled value of \$20,000\.00/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit the pay application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correct these before submitting:');
    expect(calls).toHaveLength(0);
  });

  it('takes the invoice of newly stored materials on their line, uploaded to the billing, and sends its id as the evidence', async () => {
    const invoice = {
      attachment_id: '6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f',
      original_id: null,
      to: 'billing',
      version_id: null,
      dispute_id: null,
      name: 'lumber invoice.pdf',
      size: 1200,
      media_type: 'application/pdf',
      sha256: 'a'.repeat(64),
      original_sha256: 'a'.repeat(64),
      original_size: 1200,
      by: { user_id: 21, name: 'Sam Seller', role: 'seller' },
      at: '2026-11-20T10:00:00.000Z',
      removed: null,
      download_url: '/api/job/7/billing/attachments/6f0c1d2e-8a3b-4c5d-9e7f-1a2b3c4d5e6f/file',
      thumbnail_url: null,
    };
    let uploaded = false;
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/job/7/billing/attachments') return { status: 200, body: uploaded ? [invoice] : [] };
      if (call.method === 'POST' && call.url === '/job/7/billing/attachments') {
        uploaded = true;
        return { status: 201, body: invoice };
      }
      if (call.method === 'POST' && call.url === '/job/7/pay-applications') return { status: 201, body: submitted };
      return undefined;
    });
    renderScreen(
      <App>
        <PayApplicationGrid projectId={7} view={scheduleView('company')} revise={null} nameOf={nameOf} onDone={() => undefined} />
      </App>,
    );
    const attach = 'Invoices or photos of the materials stored, line 3';
    expect(screen.queryByRole('button', { name: attach })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Materials presently stored, line 3'), '5000');
    expect(screen.getByText(TEXTS.storedFilesNeeded)).toBeInTheDocument();
    expect(within(rowOf('3')).getByText(/Line 3: attach the invoice or photos of the \$5,000\.00 of materials newly stored\./)).toBeInTheDocument();

    const file = new File(['%PDF-1.4 invoice'], 'lumber invoice.pdf', { type: 'application/pdf' });
    expect(within(rowOf('3')).getByRole('button', { name: attach })).toBeInTheDocument();
    await userEvent.upload(rowOf('3').querySelector<HTMLInputElement>('input[type=file]')!, file);
    const upload = await vi.waitFor(() => calls.find((c) => c.method === 'POST' && c.url === '/job/7/billing/attachments')!);
    expect((upload.data as FormData).get('file')).toBeInstanceOf(File);
    expect(await within(rowOf('3')).findByText('lumber invoice.pdf')).toBeInTheDocument();
    expect(within(rowOf('3')).queryByText(/attach the invoice or photos/)).not.toBeInTheDocument();
    expect(screen.queryByText(TEXTS.storedFilesNeeded)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Period to (the last day of the period billed)'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the pay application' }));
    await expect
      .poll(() => calls.find((c) => c.url === '/job/7/pay-applications')?.data)
      .toEqual({ period_to: '2026-11-30', lines: [{ line: '3', stored_materials: '5000', evidence: [invoice.attachment_id] }] });
  });

  it("retains at the server's bases after a change order moved a line's reduction point below what is certified", async () => {
    fakeApi(() => undefined);
    // Line 2 (10%, 5% from 50% complete) had $12,000.00 certified against $30,000.00, all at 10%
    // (its point was $15,000.00); a change order then lowered it to $20,000.00 (point $10,000.00).
    // The server keeps the $12,000.00 at 10% and retains growth at 5%: $1,200.00 + $100.00.
    const base = scheduleView('company');
    const view = scheduleView('company', {
      contract_sum: '90000.00',
      lines: base.lines.map((l) =>
        l.number === '2' ? { ...l, scheduled_value: '20000.00', work_completed: '12000.00', retained_at_rate: '12000.00', reduction_reached: false } : l,
      ),
    });
    renderScreen(
      <App>
        <PayApplicationGrid projectId={7} view={view} revise={null} nameOf={nameOf} onDone={() => undefined} />
      </App>,
    );
    await userEvent.type(screen.getByLabelText('Work this period in dollars, line 2'), '2000');
    expect(cell('2', 'G ')).toBe('$14,000.00');
    expect(cell('2', 'I ')).toBe('$1,300.00');
    expect(cell('2', 'Payment due')).toBe('$1,900.00');
  });
});
