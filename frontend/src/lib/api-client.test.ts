import { type AxiosAdapter, AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';

import { api, shouldRetryQuery } from './api-client';
import { onFreshness } from './read-your-writes';
import { resetChangesInFlight } from './renewed-session';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

/** A scripted server: answers each request with the next status, and records what it was sent. */
function scripted(statuses: (number | 'network')[]) {
  const seen: { key: string | undefined; url: string | undefined }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    seen.push({ key: AxiosHeaders.from(config.headers).get('Idempotency-Key') as string | undefined, url: config.url });
    const next = statuses.shift() ?? 200;
    if (next === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response = {
      data: next === 200 ? { ok: true } : { message: 'The service is temporarily unavailable; try again in a moment.' },
      status: next,
      statusText: '',
      headers: {},
      config,
    };
    if (next >= 400) throw new AxiosError(`Request failed with status code ${next}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return seen;
}

describe('the HTTP client re-sends commands only when that is safe', () => {
  it('re-sends a keyed command after a 503 and a dropped connection, with the same key', async () => {
    const seen = scripted([503, 'network', 200]);
    const answer = await api.post('/milestone/deposit', { milestone_id: 1 }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(answer.data).toEqual({ ok: true });
    expect(seen.map((s) => s.key)).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('never re-sends a command without a key', async () => {
    const seen = scripted([503, 200]);
    await expect(api.post('/contact', { note: 'hi' })).rejects.toThrow('Request failed with status code 503');
    expect(seen).toHaveLength(1);
  });

  it('does not re-send a keyed command the API refused (4xx) or failed (500)', async () => {
    for (const status of [409, 500]) {
      const seen = scripted([status, 200]);
      await expect(api.post('/milestone/approval', {}, { headers: { 'Idempotency-Key': `k-${status}` } })).rejects.toThrow(String(status));
      expect(seen).toHaveLength(1);
    }
  });

  it('gives up after four re-sends and reports the last answer', async () => {
    const seen = scripted([503, 503, 503, 503, 503, 200]);
    await expect(api.put('/milestone/1/complete', { complete: true }, { headers: { 'Idempotency-Key': 'k-2' } })).rejects.toThrow('503');
    expect(seen).toHaveLength(5);
  }, 20_000);
});

describe('queries are asked again only when the answer may change by itself', () => {
  const answered = (status: number) => ({ response: { status } });
  it('after a network error or a 503 (restarting, or still catching up with a change), up to three times', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, new Error('Network Error')))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, answered(503))).toBe(true);
  });
  it('never after another answer: a 404 or 403 stands, a 500 is not hammered', () => {
    expect([400, 403, 404, 422, 500].map((status) => shouldRetryQuery(0, answered(status)))).toEqual([false, false, false, false, false]);
  });
});

describe('read your writes', () => {
  /** Answers with these headers, one per request, and records the read-after each request sent. */
  function answering(headers: Record<string, string>[]) {
    const sent: (string | undefined)[] = [];
    api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      sent.push(AxiosHeaders.from(config.headers).get('X-Escrow-Read-After') as string | undefined);
      return { data: {}, status: 200, statusText: '', headers: headers.shift() ?? {}, config };
    };
    return sent;
  }

  it('sends the newest position a command answered with on every later request, never an older one', async () => {
    const sent = answering([{ 'x-escrow-position': '900/5' }, { 'x-escrow-position': '899/70' }, {}, {}]);
    await api.post('/milestone/approval', {});
    await api.post('/milestone/approval', {});
    await api.get('/job/1/milestones');
    await api.get('/job/1/milestones');
    expect(sent.slice(1)).toEqual(['900/5', '900/5', '900/5']);
  });

  it('tells whether an answer was given before the read models caught up', async () => {
    const seen: boolean[] = [];
    const stop = onFreshness((stale) => seen.push(stale));
    answering([{ 'x-escrow-stale': 'true' }, {}]);
    await api.get('/job/1/milestones');
    await api.get('/job/1/milestones');
    stop();
    expect(seen).toEqual([true, false]);
  });
});

describe('a renewed session (issue 35)', () => {
  const ROTATED = { message: 'Your session was renewed for your safety. Please try again.', code: 'session_rotated' };

  /** A server whose step-up answers when `renew()` is called; reads are refused as renewed until then, `refusals` times at most. */
  function renewingServer(refusals = Infinity) {
    const log: string[] = [];
    let renew!: () => void;
    const renewed = new Promise<void>((resolve) => (renew = resolve));
    let refused = 0;
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      log.push(`${config.method} ${config.url}`);
      const answer = (status: number, data: unknown) => {
        const response = { data, status, statusText: '', headers: {}, config };
        if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
        return response;
      };
      if (config.url === '/auth/step-up') {
        await renewed;
        log.push('renewed');
        return answer(200, { stepped_up_until: '2026-12-01T00:00:00.000Z' });
      }
      if (config.url === '/user' && refused < refusals) {
        refused += 1;
        return answer(401, ROTATED);
      }
      if (config.url === '/account/sessions') return answer(401, { message: 'Please log in to continue.' });
      return answer(200, { user_id: 7 });
    };
    api.defaults.adapter = adapter;
    return { log, renew };
  }
  afterEach(() => resetChangesInFlight());

  it('sends a request refused as renewed once more, after the change in flight that renewed the session is answered', async () => {
    const server = renewingServer(1);
    const stepUp = api.post('/auth/step-up', { code: '123456' });
    const read = api.get('/user');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.log).toEqual(['post /auth/step-up', 'get /user']);
    server.renew();
    expect((await read).data).toEqual({ user_id: 7 });
    await stepUp;
    expect(server.log).toEqual(['post /auth/step-up', 'get /user', 'renewed', 'get /user']);
  });

  it('sends it once more only: a second refusal reaches the caller, and other 401s are not sent again', async () => {
    const server = renewingServer();
    const failure = (await api.get('/user').catch((error: unknown) => error)) as AxiosError;
    expect(failure.response?.status).toBe(401);
    expect(server.log).toEqual(['get /user', 'get /user']);
    await expect(api.get('/account/sessions')).rejects.toThrow('401');
    expect(server.log.filter((line) => line === 'get /account/sessions')).toHaveLength(1);
  });
});
