import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from 'antd';
import { renderScreen } from '../../../test/render';
import { clampPercentage, MilestoneForm } from '../components/MilestoneForm';
import { newBuyerValid } from '../../../pages/portal/NewProjectPage';

const formData = { job_id: 7, primary: { jc_id: 100, company_id: 100, name: 'Saguaro Build Co.' }, subs: [{ jc_id: 101, company_id: 101, name: 'Desert Current Electric' }] };
const renderForm = (onSubmit = vi.fn()) => {
  renderScreen(
    <App>
      <MilestoneForm jobId={7} formData={formData} onSubmit={onSubmit} />
    </App>,
  );
  return onSubmit;
};

describe('milestone form (spec §2, §5)', () => {
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
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ job_id: 7, definition: 'Done', payees: [{ jc_id: 100, type: 'fixed', amount: '250.5', percentage: null, includeFee: false }] }));
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

describe('the new-buyer rule of spec §5', () => {
  it('needs first name, last name, email and a formatted phone longer than 13 characters', () => {
    const ok = { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '(555) 123-4567' };
    expect(newBuyerValid(ok)).toBe(true);
    expect(newBuyerValid({ ...ok, phone: '(555) 123-456' })).toBe(false);
    expect(newBuyerValid({ ...ok, email: '' })).toBe(false);
    expect(newBuyerValid({ ...ok, first_name: ' ' })).toBe(false);
  });
});
