import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { api } from './api-client';
import { firstPaintGet } from './first-paint-get';
import { onFreshness } from './read-your-writes';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
  vi.unstubAllGlobals();
});

/** axios answering every request with `status` and a body naming it, recording the URLs asked. */
function axiosAnswers(status: number) {
  const asked: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    asked.push(config.url ?? '');
    const response = { data: { from: 'axios', status }, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return asked;
}

describe('a first paint’s answer, taken from the page’s preload', () => {
  it('reads a 2xx answer with fetch, as the preload asked for it, and notes its headers as axios would', async () => {
    const asked = axiosAnswers(200);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ job_id: 7 }), { status: 200, headers: { 'x-escrow-stale': 'true' } }));
    vi.stubGlobal('fetch', fetchMock);
    const stale: boolean[] = [];
    const stop = onFreshness((s) => stale.push(s));
    await expect(firstPaintGet('/job/7')).resolves.toEqual({ job_id: 7 });
    stop();
    expect(fetchMock).toHaveBeenCalledWith('/api/job/7', { credentials: 'same-origin' });
    expect(asked).toEqual([]);
    expect(stale).toEqual([true]);
  });

  it('asks again through axios for anything else, so the page meets the error with its code and handling', async () => {
    const asked = axiosAnswers(403);
    const refused = new Response(JSON.stringify({ code: 'not_a_party' }), { status: 403 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused),
    );
    await expect(firstPaintGet('/job/7')).rejects.toMatchObject({ response: { status: 403 } });
    expect(asked).toEqual(['/job/7']);
    // Its body read to the end: left unread, the browser held the request open (no network idle).
    expect(refused.bodyUsed).toBe(true);
  });

  it('asks again through axios after a network error or a body that is not JSON', async () => {
    const asked = axiosAnswers(200);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(firstPaintGet('/user')).resolves.toEqual({ from: 'axios', status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(firstPaintGet('/user')).resolves.toEqual({ from: 'axios', status: 200 });
    expect(asked).toEqual(['/user', '/user']);
  });
});
