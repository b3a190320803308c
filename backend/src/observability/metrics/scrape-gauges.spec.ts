import type { Pool } from 'pg';

import { EscrowMetrics } from './escrow-metrics';
import { watchLedger } from './scrape-gauges';

/** The samples of one metric in the text format, without its HELP and TYPE lines. */
function samplesOf(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('scrape-time gauges when the database cannot be read', () => {
  // What pg answers while PostgreSQL is stopped: the connection is refused.
  const stoppedDatabase = { connect: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) };

  it('leaves the money and queue gauges out, never 0, and counts the failed reading', async () => {
    const metrics = new EscrowMetrics('api');
    watchLedger(metrics, stoppedDatabase as unknown as Pool);

    const text = await metrics.scrape();

    for (const gauge of [
      'escrow_held_funds_usd',
      'escrow_retainage_held_usd',
      'escrow_mail_outbox_unsent',
      'escrow_webhook_deliveries_pending',
      'escrow_webhook_oldest_failing_seconds',
      'escrow_read_horizon_age_seconds',
      'escrow_payment_instructions',
    ]) {
      expect({ gauge, samples: samplesOf(text, gauge) }).toEqual({ gauge, samples: [] });
    }
    expect(samplesOf(text, 'escrow_metrics_scrape_errors_total')).toEqual(['escrow_metrics_scrape_errors_total{source="ledger",process="api"} 1']);

    // One failed reading per scrape, however many gauges it feeds.
    expect(samplesOf(await metrics.scrape(), 'escrow_metrics_scrape_errors_total')).toEqual([
      'escrow_metrics_scrape_errors_total{source="ledger",process="api"} 2',
    ]);
  });
});
