import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { ChangeOrderDialog } from '../components/ChangeOrderDialog';
import { scheduleView, SELLER } from './fixtures';

describe('the change-order dialog (issue 38)', () => {
  it('shows the net change as values are typed and sends the changes and new lines with the reason', async () => {
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: scheduleView('company') } : undefined));
    renderScreen(
      <App>
        <ChangeOrderDialog open projectId={7} view={scheduleView('company')} seller={SELLER} onNamed={() => undefined} onClose={() => undefined} />
      </App>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Propose a change order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose the change order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the reason for the change order.');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Owner asked for a deck and a larger frame.');
    await userEvent.type(within(dialog).getByLabelText(/^Line 3, Framing/), '55000');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Net change $5,000.00; the contract sum becomes $105,000.00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a line' }));
    await userEvent.type(within(dialog).getByLabelText('Description, new line 1'), 'Deck');
    await userEvent.type(within(dialog).getByLabelText('Scheduled value, new line 1'), '8000');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Net change $13,000.00; the contract sum becomes $113,000.00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose the change order' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.data)
      .toEqual({
        reason: 'Owner asked for a deck and a larger frame.',
        changes: [{ line: '3', scheduled_value: '55000' }],
        new_lines: [{ number: '4', description: 'Deck', scheduled_value: '8000', payee_id: 100, retainage: { rate: '10', reduction: null } }],
      });
  });

  it('takes the drawings of the change order as files uploaded to the billing, and sends their ids', async () => {
    const drawing = { attachment_id: '0d6a2b7c-8e31-4b8e-9f15-3c7d4e9a2f61', name: 'deck drawing.pdf', download_url: '/api/job/7/billing/attachments/x/file' };
    let uploaded = false;
    const { calls } = fakeApi((call) => {
      if (call.url === '/job/7/billing/attachments') {
        if (call.method === 'GET') return { status: 200, body: uploaded ? [drawing] : [] };
        uploaded = true;
        return { status: 201, body: drawing };
      }
      return call.method === 'POST' ? { status: 201, body: scheduleView('company') } : undefined;
    });
    renderScreen(
      <App>
        <ChangeOrderDialog open projectId={7} view={scheduleView('company')} seller={SELLER} onNamed={() => undefined} onClose={() => undefined} />
      </App>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Propose a change order' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Owner asked for a deck.');
    await userEvent.type(within(dialog).getByLabelText(/^Line 3, Framing/), '55000');
    expect(within(dialog).getByRole('button', { name: 'Attach files to the change order' })).toBeInTheDocument();
    await userEvent.upload(
      dialog.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['%PDF-1.4'], 'deck drawing.pdf', { type: 'application/pdf' }),
    );
    expect(await within(dialog).findByText('deck drawing.pdf')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Propose the change order' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST' && c.url === '/job/7/change-orders')?.data)
      .toEqual({
        reason: 'Owner asked for a deck.',
        changes: [{ line: '3', scheduled_value: '55000' }],
        new_lines: [],
        attachment_ids: [drawing.attachment_id],
      });
  });
});
