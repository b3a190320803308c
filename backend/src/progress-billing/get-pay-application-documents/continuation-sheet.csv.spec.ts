import { continuationSheetCsv } from './continuation-sheet.csv';
import { line, refundedLine, refundedSummary, view } from './pay-application.test-kit';

describe('the continuation sheet as CSV', () => {
  it('names the retainage a dispute refunded, per line and in total, so each line adds up', () => {
    const refunded = view([refundedLine(), line(2)]);
    refunded.summary = refundedSummary;
    const [header, first, second, total] = continuationSheetCsv(refunded, new Map([[20, 'Mesa GC']]))
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    const column = (name: string) => header!.indexOf(name);
    expect(header!.slice(column('retainage'), column('retainage') + 3)).toEqual(['retainage', 'retainage_refunded', 'earned_less_retainage']);
    // G − I − refunded = earned less retainage, on every row.
    for (const row of [first!, second!]) {
      const [g, i, refunded, earned] = ['total_completed_and_stored_to_date', 'retainage', 'retainage_refunded', 'earned_less_retainage'].map((name) =>
        Number(row[column(name)]),
      );
      expect(g! - i! - refunded!).toBe(earned);
    }
    expect(first![column('retainage_refunded')]).toBe('100.00');
    expect(total![column('retainage_refunded')]).toBe('100.00');
  });
});
