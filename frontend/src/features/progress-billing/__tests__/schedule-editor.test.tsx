import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { ScheduleEditor } from '../components/ScheduleEditor';
import { TEXTS } from '../components/texts';
import { scheduleView, SELLER } from './fixtures';

const nameOf = (id: number) => (id === SELLER.company_id ? SELLER : { company_id: id, name: `Company #${id}` });

function open() {
  const fake = fakeApi((call) =>
    call.method === 'POST' && call.url === '/job/7/schedule' ? { status: 201, body: scheduleView('company', { current_version_id: null }) } : undefined,
  );
  renderScreen(
    <App>
      <ScheduleEditor projectId={7} basedOn={null} seller={SELLER} nameOf={nameOf} onNamed={() => undefined} onDone={() => undefined} />
    </App>,
  );
  return fake;
}

describe('the schedule-of-values editor (issue 38)', () => {
  it('keeps a running total against the contract sum and proposes only when they are equal', async () => {
    const { calls } = open();
    await userEvent.type(screen.getByLabelText('Contract sum'), '100000');
    await userEvent.type(screen.getByLabelText('Description, line 1'), 'Site work');
    await userEvent.type(screen.getByLabelText('Scheduled value, line 1'), '20000');
    expect(screen.getByRole('status')).toHaveTextContent('Lines total $20,000.00: $80,000.00 left to schedule of the contract sum of $100,000.00.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    await userEvent.type(screen.getByLabelText('Description, line 2'), 'Framing');
    await userEvent.type(screen.getByLabelText('Scheduled value, line 2'), '90000');
    expect(screen.getByRole('status')).toHaveTextContent('Lines total $110,000.00: $10,000.00 over the contract sum of $100,000.00.');

    await userEvent.click(screen.getByRole('button', { name: 'Propose this schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.totalsMustMatch);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Scheduled value, line 2'));
    await userEvent.type(screen.getByLabelText('Scheduled value, line 2'), '80000');
    expect(screen.getByRole('status')).toHaveTextContent('Lines total $100,000.00: equal to the contract sum of $100,000.00.');
    await userEvent.click(screen.getByRole('button', { name: 'Propose this schedule' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.data)
      .toEqual({
        based_on_version_id: null,
        lines: [
          { number: '1', description: 'Site work', scheduled_value: '20000', payee_id: 100, retainage: { rate: '10', reduction: null } },
          { number: '2', description: 'Framing', scheduled_value: '80000', payee_id: 100, retainage: { rate: '10', reduction: null } },
        ],
      });
  });

  it("shows the API's refusal, which lists every line's problem", async () => {
    const message = 'Line 1: describe the portion of the work in at most 200 characters. Line 1: a retainage rate is at most 10%.';
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 400, body: { code: 'schedule_invalid', message } } : undefined));
    renderScreen(
      <App>
        <ScheduleEditor projectId={7} basedOn={null} seller={SELLER} nameOf={nameOf} onNamed={() => undefined} onDone={() => undefined} />
      </App>,
    );
    await userEvent.type(screen.getByLabelText('Contract sum'), '500');
    await userEvent.type(screen.getByLabelText('Scheduled value, line 1'), '500');
    await userEvent.clear(screen.getByLabelText('Retainage percent, line 1'));
    await userEvent.type(screen.getByLabelText('Retainage percent, line 1'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Propose this schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
