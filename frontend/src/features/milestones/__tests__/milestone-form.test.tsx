import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { useProposeMilestone } from '../api/milestones';
import { fieldOfRefusal, TOO_LARGE } from '../components/milestone-form.rules';
import { clampPercentage, MilestoneForm } from '../components/MilestoneForm';

const formData = {
  job_id: 7,
  primary: { jc_id: 100, company_id: 100, name: 'Saguaro Build Co.' },
  subs: [{ jc_id: 101, company_id: 101, name: 'Desert Current Electric' }],
  retainage_percent: '0.00',
  site_state: null,
};
const renderForm = (onSubmit = vi.fn()) => {
  renderScreen(
    <App>
      <MilestoneForm projectId={7} formData={formData} onSubmit={onSubmit} />
    </App>,
  );
  return onSubmit;
};

describe('milestone form (docs/product.md#milestone-form)', () => {
  it('in single mode has one amount and the completion criteria, and previews the deposit with the same money rules as the server', async () => {
    renderForm();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Amount paid to Saguaro Build Co.'), { target: { value: '1000' } });
    expect(screen.getByText('Buyer deposits $1,022.50')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Include the fee in this amount'));
    expect(screen.getByText('Buyer deposits $1,000.00')).toBeInTheDocument();
    expect(screen.getByText('Saguaro Build Co. receives $977.50 (fee of $22.50 included)')).toBeInTheDocument();
  });

  it('refuses a zero amount with the spec text and does not submit while the browser check fails', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Done' } });
    const amount = screen.getByLabelText('Amount paid to Saguaro Build Co.') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '0' } });
    expect(amount.validationMessage).toBe('Value must be greater than zero dollars.');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '250.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ job_id: 7, definition: 'Done', payees: [{ jc_id: 100, type: 'fixed', amount: '250.5', percentage: null, includeFee: false }] }),
    );
  });

  it('in multi mode takes a title and per-payee funding, clamping percentages to 100', async () => {
    renderForm();
    await userEvent.click(screen.getByText('Several payees'));
    expect(screen.getByLabelText('Title')).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add payee' }));
    fireEvent.change(screen.getByLabelText('Payee 2 type'), { target: { value: 'percent' } });
    const pct = screen.getByLabelText('Percentage');
    fireEvent.change(pct, { target: { value: '140' } });
    expect(pct).toHaveValue(100);
    expect(pct).toHaveAttribute('max', '100');
    expect(pct).toHaveAttribute('step', '0.01');
    expect(clampPercentage('100.5')).toBe('100');
    expect(clampPercentage('12.25')).toBe('12.25');
  });

  it('explains in the preview why terms cannot work yet', async () => {
    renderForm();
    await userEvent.click(screen.getByText('Several payees'));
    fireEvent.change(screen.getByLabelText('Payee 1 type'), { target: { value: 'remainder' } });
    expect(screen.getByText('Enter the milestone amount so percentages and the remainder can be worked out.')).toBeInTheDocument();
  });
});

describe('milestone form: nothing invalid is sent, and every refusal says where', () => {
  it('does not send terms the preview marks invalid, and says why under the funding', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByText('Several payees'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Framing' } });
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Framed.' } });
    fireEvent.change(screen.getByLabelText('Payee 1 type'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByLabelText('Milestone amount'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Percentage'), { target: { value: '50' } });
    const why = "The payees' shares add up to $500.00 but the milestone amount is $1,000.00. Add a remainder payee or adjust the shares.";
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByText(why)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(why);
    expect(screen.getByRole('group', { name: 'Funding' })).toHaveAccessibleDescription(why);
  });

  it('gives an absurd amount a sensible message, in the field and in the preview', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Done' } });
    const amount = screen.getByLabelText('Amount paid to Saguaro Build Co.') as HTMLInputElement;
    for (const absurd of ['99999999999999999', '1e21']) {
      fireEvent.change(amount, { target: { value: absurd } });
      expect(amount.validationMessage).toBe(TOO_LARGE);
      expect(within(screen.getByRole('region', { name: 'Preview' })).getByText(TOO_LARGE)).toBeInTheDocument();
    }
    expect(TOO_LARGE).toBe('That amount is too large: a milestone pays at most $999,999,999.99.');
    fireEvent.change(amount, { target: { value: '12.345' } });
    expect(amount.validationMessage).toBe('Enter dollars and cents: at most two decimals.');
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the API's own message under the field its code concerns", async () => {
    fakeApi((call) =>
      call.url === '/milestone'
        ? {
            status: 400,
            body: { statusCode: 400, code: 'definition_too_long', message: 'Keep the completion criteria under 5000 characters.', request_id: 'r-1' },
          }
        : undefined,
    );
    function Harness() {
      const propose = useProposeMilestone(7);
      return <MilestoneForm projectId={7} formData={formData} error={propose.error} pending={propose.isPending} onSubmit={(p) => propose.mutate(p)} />;
    }
    renderScreen(
      <App>
        <Harness />
      </App>,
    );
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Done' } });
    fireEvent.change(screen.getByLabelText('Amount paid to Saguaro Build Co.'), { target: { value: '100' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Keep the completion criteria under 5000 characters.');
    expect(screen.getByLabelText('Completion criteria')).toHaveAccessibleDescription('Keep the completion criteria under 5000 characters.');
    expect(screen.getByLabelText('Completion criteria')).toHaveAttribute('aria-invalid', 'true');
    // Changing the form clears the answer to the old one.
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Done, inspected' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('knows which field a refusal is about from its param or its code, never from its words', () => {
    expect(fieldOfRefusal('title_too_long', null)).toBe('title');
    expect(fieldOfRefusal('definition_required', null)).toBe('definition');
    expect(fieldOfRefusal('amount_too_large', null)).toBe('amount');
    expect(fieldOfRefusal('one_remainder', null)).toBe('amount');
    expect(fieldOfRefusal('unknown_payee', null)).toBe('form');
    expect(fieldOfRefusal('validation_failed', 'definition')).toBe('definition');
    expect(fieldOfRefusal('validation_failed', 'payees[2].amount')).toBe('amount');
    expect(fieldOfRefusal('validation_failed', 'original_id')).toBe('form');
    expect(fieldOfRefusal(null, null)).toBe('form');
  });

  it('finds payees by a search, the seller first, and never offers a company twice', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url.startsWith('/companies/search/'))
        return {
          status: 200,
          body: [
            { company_id: 100, name: 'Saguaro Build Co.' },
            { company_id: 101, name: 'Desert Current Electric' },
          ],
        };
      return undefined;
    });
    const onSubmit = renderForm();
    await userEvent.click(screen.getByText('Several payees'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Framing' } });
    fireEvent.change(screen.getByLabelText('Completion criteria'), { target: { value: 'Framed.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add payee' }));
    // A new row has no company: it cannot be sent until one is chosen.
    fireEvent.change(within(screen.getByRole('group', { name: 'Payee 1' })).getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.change(within(screen.getByRole('group', { name: 'Payee 2' })).getByLabelText('Amount'), { target: { value: '50' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(screen.getByRole('group', { name: 'Payee 2' })).getByRole('alert')).toHaveTextContent('Choose the company to pay.');

    const second = screen.getByRole('combobox', { name: 'Payee 2 company' });
    await userEvent.click(second);
    await userEvent.type(second, 'Sa');
    await waitFor(() => expect(calls.some((c) => c.url === '/companies/search/Sa')).toBe(true));
    // Payee 1 already pays the seller: the search's match is not offered again.
    await screen.findByText('Desert Current Electric');
    expect(screen.queryByTitle('Saguaro Build Co.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('Desert Current Electric'));
    await userEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ payees: [expect.objectContaining({ jc_id: 100 }), expect.objectContaining({ jc_id: 101 })] }),
    );
  });

  it('offers the seller first in an empty payee search', async () => {
    fakeApi(() => undefined);
    renderForm();
    await userEvent.click(screen.getByText('Several payees'));
    await userEvent.click(screen.getByRole('button', { name: 'Add payee' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Payee 1' })).getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Payee 1 company' }));
    expect(await screen.findByTitle('Saguaro Build Co. (seller)')).toBeInTheDocument();
  });
});
