import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';

import { api } from './api-client';
import { onAccountRefusal, setStepUpHandler, type StepUpChallenge } from './step-up';

const originalAdapter = api.defaults.adapter;
let removeHandler: (() => void) | null = null;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  removeHandler?.();
  removeHandler = null;
});

const STEP_UP = { message: "Confirm it's you: enter a code from your authenticator app or use your passkey.", code: 'step_up_required', enrolled: true };

/** A server that refuses with a step-up until `steppedUp` is true, and records each request it was sent. */
function server() {
  const state = { steppedUp: false, sent: [] as { url: string; data: unknown; key: unknown }[] };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    state.sent.push({ url: config.url ?? '', data: config.data ? JSON.parse(config.data as string) : undefined, key: config.headers.get('Idempotency-Key') });
    const answer = (status: number, data: unknown) => {
      const response = { data, status, statusText: '', headers: {}, config };
      if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
      return response;
    };
    if (config.url === '/account/payees')
      return answer(403, { message: 'Set up a second factor (an authenticator app or a passkey) before you do this.', code: 'second_factor_required' });
    if (!state.steppedUp) return answer(401, STEP_UP);
    return answer(200, { done: config.url, amount: config.data ? (JSON.parse(config.data as string) as { amount?: string }).amount : undefined });
  };
  api.defaults.adapter = adapter;
  return state;
}

describe('step-up in place', () => {
  it('asks once, then sends the refused request again with what was typed and gives the caller its answer', async () => {
    const state = server();
    const asked: StepUpChallenge[] = [];
    removeHandler = setStepUpHandler(async (challenge) => {
      asked.push(challenge);
      state.steppedUp = true;
    });
    const answer = await api.post('/milestone/deposit', { amount: '1234.56' }, { headers: { 'Idempotency-Key': 'deposit-key-1' } });
    expect(answer.data).toEqual({ done: '/milestone/deposit', amount: '1234.56' });
    expect(asked).toEqual([{ message: STEP_UP.message, enrolled: true }]);
    expect(state.sent).toEqual([
      { url: '/milestone/deposit', data: { amount: '1234.56' }, key: 'deposit-key-1' },
      { url: '/milestone/deposit', data: { amount: '1234.56' }, key: 'deposit-key-1' },
    ]);
  });

  it('sends it again only once: a second refusal after a confirmation reaches the caller', async () => {
    const state = server();
    let asked = 0;
    removeHandler = setStepUpHandler(async () => {
      asked += 1;
    });
    const failure = await api.post('/milestone/deposit', { amount: '5.00' }).catch((e: unknown) => e);
    expect((failure as AxiosError).response?.status).toBe(401);
    expect(asked).toBe(1);
    expect(state.sent).toHaveLength(2);
  });

  it('cancelling rejects the caller with the original error, and nothing is sent again', async () => {
    const state = server();
    removeHandler = setStepUpHandler(() => Promise.reject(new Error('cancelled')));
    const failure = await api.put('/bank-accounts/1', { routing: '011000015' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AxiosError);
    expect((failure as AxiosError<{ message: string }>).response?.data.message).toBe(STEP_UP.message);
    expect(state.sent).toHaveLength(1);
  });

  it('requests refused together share one dialog and are all sent again after it', async () => {
    const state = server();
    let asked = 0;
    let confirm: () => void = () => undefined;
    removeHandler = setStepUpHandler(() => {
      asked += 1;
      return new Promise<void>((resolve) => {
        confirm = () => {
          state.steppedUp = true;
          resolve();
        };
      });
    });
    const answers = Promise.all([api.post('/a', { amount: '1' }), api.post('/b', { amount: '2' }), api.post('/c', { amount: '3' })]);
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(1);
    confirm();
    expect((await answers).map((a) => a.data)).toEqual([
      { done: '/a', amount: '1' },
      { done: '/b', amount: '2' },
      { done: '/c', amount: '3' },
    ]);
    expect(asked).toBe(1);
  });

  it('after an enrolment in the dialog, asks for the new factor once more before giving up', async () => {
    const state = server();
    const seen: boolean[] = [];
    let rounds = 0;
    api.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      state.sent.push({ url: config.url ?? '', data: undefined, key: undefined });
      rounds += 1;
      if (rounds < 3) {
        const data = rounds === 1 ? { ...STEP_UP, enrolled: false } : STEP_UP;
        throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, {
          data,
          status: 401,
          statusText: '',
          headers: {},
          config,
        });
      }
      return { data: { ok: true }, status: 200, statusText: '', headers: {}, config };
    }) as AxiosAdapter;
    removeHandler = setStepUpHandler(async (challenge) => {
      seen.push(challenge.enrolled);
    });
    expect((await api.post('/webhooks', { url: 'https://x.test' })).data).toEqual({ ok: true });
    expect(seen).toEqual([false, true]);
  });

  it('never asks for the login and step-up calls themselves, nor for a first factor the dialog could only offer again', async () => {
    const FIRST = {
      message: 'For your safety, a first second factor can be set up only soon after you enter your password: log out, log in again, then set it up.',
      code: 'step_up_required',
      enrolled: false,
    };
    api.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      const data = config.url === '/account/totp/setup' ? FIRST : STEP_UP;
      throw new AxiosError('Request failed with status code 401', 'ERR_BAD_REQUEST', config, null, { data, status: 401, statusText: '', headers: {}, config });
    }) as AxiosAdapter;
    let asked = 0;
    removeHandler = setStepUpHandler(async () => {
      asked += 1;
    });
    for (const url of ['/auth/step-up', '/auth/login/second-factor', '/account/totp/setup']) {
      const failure = (await api.post(url, {}).catch((e: unknown) => e)) as AxiosError<{ message: string }>;
      expect(failure.response?.status).toBe(401);
    }
    expect(asked).toBe(0);
    // With a factor, adding another is a step-up like any other.
    await api.post('/account/passkeys/options').catch(() => undefined);
    expect(asked).toBe(1);
  });

  it('without a dialog mounted the refusal stands; a missing factor (403) is told to the page', async () => {
    server();
    expect(((await api.post('/x').catch((e: unknown) => e)) as AxiosError).response?.status).toBe(401);
    const told: string[] = [];
    const stop = onAccountRefusal((refusal) => told.push(`${refusal.code} ${refusal.url}`));
    await api.post('/account/payees').catch(() => undefined);
    stop();
    expect(told).toEqual(['second_factor_required /account/payees']);
  });
});
