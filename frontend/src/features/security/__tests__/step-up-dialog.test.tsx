import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { api, errorMessage } from '../../../lib/api-client';
import { fakeApi, renderScreen } from '../../../test/render';
import { SecurityPromptHost } from '../components/SecurityPromptHost';
import { QR_ALT } from '../components/TotpEnrolment';

const STEP_UP = { message: "Confirm it's you: enter a code from your authenticator app or use your passkey.", code: 'step_up_required', enrolled: true };

/** A form standing in for the deposit dialog: it sends what was typed and shows the answer or the error. */
function DepositForm() {
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <label>
        Amount <input value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <button
        type="button"
        onClick={() =>
          api.post('/milestone/deposit', { amount }).then(
            (r) => setOutcome(`deposited ${(r.data as { amount: string }).amount}`),
            (e: unknown) => setOutcome(`failed: ${errorMessage(e)}`),
          )
        }
      >
        Deposit
      </button>
      <output>{outcome}</output>
    </>
  );
}

function server(enrolled = true) {
  const state = { steppedUp: false };
  const { calls } = fakeApi((call) => {
    if (call.url === '/milestone/deposit') return state.steppedUp ? { status: 201, body: call.data } : { status: 401, body: { ...STEP_UP, enrolled } };
    if (call.url === '/auth/step-up') {
      if ((call.data as { code: string }).code !== '246810') return { status: 401, body: { message: 'That code is not correct or was already used.' } };
      state.steppedUp = true;
      return { status: 200, body: { stepped_up_until: '2026-11-26T05:00:00Z' } };
    }
    if (call.url === '/account/totp/setup')
      return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' } };
    if (call.url === '/user') return { status: 200, body: {} };
    return undefined;
  });
  return { calls, state };
}

async function deposit(amount: string) {
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Deposit' }));
}

describe('"Confirm it\'s you" in place (issue 25)', () => {
  it('asks for a code, shows a wrong one under the field, and then finishes the deposit with the typed amount', async () => {
    const { calls } = server();
    renderScreen(
      <>
        <DepositForm />
        <SecurityPromptHost />
      </>,
    );
    await deposit('2500.00');
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not correct or was already used.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '246810');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('deposited 2500.00')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/milestone/deposit').map((c) => c.data)).toEqual([{ amount: '2500.00' }, { amount: '2500.00' }]);
    expect(screen.getByLabelText('Amount')).toHaveValue('2500.00');
  });

  it('cancelling gives the form the original refusal to show', async () => {
    const { calls } = server();
    renderScreen(
      <>
        <DepositForm />
        <SecurityPromptHost />
      </>,
    );
    await deposit('10.00');
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(`failed: ${STEP_UP.message}`)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/milestone/deposit')).toHaveLength(1);
  });

  it('someone without a factor is offered the enrolment in the dialog', async () => {
    server(false);
    renderScreen(
      <>
        <DepositForm />
        <SecurityPromptHost />
      </>,
    );
    await deposit('10.00');
    const dialog = await screen.findByRole('dialog', { name: 'Set up a second factor' });
    expect(await within(dialog).findByRole('img', { name: QR_ALT })).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
  });
});
