import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { ReadHorizon } from '../components/ReadHorizon';

const health = (horizon: { oldestTransactionSeconds: number | null; application: string | null; warning: string | null }) => ({
  status: horizon.warning ? 'degraded' : 'ok',
  database: { status: 'up', latencyMs: 1, horizon },
});

describe('the read horizon on the Operations page', () => {
  it('names the oldest open transaction while all is well', async () => {
    fakeApi((call) =>
      call.url === '/health' ? { status: 200, body: health({ oldestTransactionSeconds: 0.4, application: 'escrow-ledger', warning: null }) } : undefined,
    );
    renderScreen(<ReadHorizon />);
    expect(await screen.findByText('The oldest open transaction (escrow-ledger) started 0.4 s ago.')).toBeInTheDocument();
  });

  it('warns, in words, when a transaction holds the projections back', async () => {
    const warning = 'A transaction of psql has been open for 95 s: projections wait behind it.';
    fakeApi((call) => (call.url === '/health' ? { status: 200, body: health({ oldestTransactionSeconds: 95, application: 'psql', warning }) } : undefined));
    renderScreen(<ReadHorizon />);
    expect(await screen.findByText(warning)).toBeInTheDocument();
  });

  it('says so when the database does not answer', async () => {
    fakeApi((call) =>
      call.url === '/health' ? { status: 503, body: { status: 'down', database: { status: 'down', error: 'connection refused' } } } : undefined,
    );
    renderScreen(<ReadHorizon />);
    expect(await screen.findByText('The database does not answer.')).toBeInTheDocument();
  });
});
