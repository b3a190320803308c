import { loadConfig } from '../../config/app-config';
import { EscrowMetrics } from './escrow-metrics';

/** The samples of one metric in the text format, without its HELP and TYPE lines. */
function samplesOf(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

async function recordSome(metrics: EscrowMetrics): Promise<string> {
  await metrics.observeAppend('milestone-7', 2, async () => undefined);
  metrics.noteRead(true);
  metrics.noteReadYourWritesWait('command', 0.01, true);
  return metrics.scrape();
}

/** RECORD_METRICS=false: what the bench measures observability's cost against (docs/performance.md). */
describe('metrics with recording off', () => {
  it('records by default, and not with RECORD_METRICS=false', () => {
    expect(loadConfig({}).metrics.record).toBe(true);
    expect(loadConfig({ RECORD_METRICS: 'false' }).metrics.record).toBe(false);
  });

  it('records nothing, not even the process metrics', async () => {
    const on = await recordSome(new EscrowMetrics('api'));
    const off = await recordSome(new EscrowMetrics('api', { record: false }));

    expect(samplesOf(on, 'escrow_events_appended_total')).toEqual(['escrow_events_appended_total{stream_category="milestone",process="api"} 2']);
    expect(samplesOf(off, 'escrow_events_appended_total')).toEqual([]);
    expect(samplesOf(off, 'escrow_reads_total')).toEqual(['escrow_reads_total{process="api"} 0']);
    expect(samplesOf(off, 'escrow_read_your_writes_wait_seconds_count')).toEqual([]);
    expect(samplesOf(on, 'escrow_process_cpu_seconds_total')).toHaveLength(1);
    expect(samplesOf(off, 'escrow_process_cpu_seconds_total')).toEqual([]);
  });
});
