import { pdfText } from '../../../test/support/pdf-text';
import { payApplicationPdf } from './pay-application.pdf';
import { line, refundedLine, refundedSummary, view } from './pay-application.test-kit';

describe('the pay application PDF', () => {
  it('draws a character the standard fonts cannot encode as "?" instead of failing', async () => {
    const text = pdfText(await payApplicationPdf(view([line(1, 'Roof 🏠 and “gutters”')]), { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) }));
    expect(text).toContain('Roof ? and “gutters”');
    expect(text).toContain('Not certified yet: the figures are as the seller billed them.');
  });

  it('continues the sheet on further pages, the totals on the last', async () => {
    const text = pdfText(await payApplicationPdf(view(Array.from({ length: 60 }, (_, i) => line(i + 1))), { project: 'Project 7', companies: new Map() }));
    expect(text.filter((t) => t.startsWith('Continuation sheet'))).toEqual([
      'Continuation sheet - Project 7, pay application 1 (page 1 of 2)',
      'Continuation sheet - Project 7, pay application 1 (page 2 of 2)',
    ]);
    expect(text.slice(text.indexOf('Total'), text.indexOf('Total') + 5)).toEqual(['Total', '60,000.00', '1,000.00', '100.00', '900.00']);
    expect(text).toContain('Company 20');
  });

  it('gives the same bytes for the same application', async () => {
    const names = { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) };
    expect(Buffer.from(await payApplicationPdf(view([line(1)]), names))).toEqual(Buffer.from(await payApplicationPdf(view([line(1)]), names)));
  });

  it('gives each line what a retainage dispute refunded to the owner, in a column of its own', async () => {
    const names = { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) };
    const plain = pdfText(await payApplicationPdf(view([line(1), line(2)]), names));
    expect(plain).not.toContain('Refunded');
    const refunded = view([refundedLine(), line(2)]);
    refunded.summary = refundedSummary;
    const text = pdfText(await payApplicationPdf(refunded, names));
    const headings = text.slice(text.indexOf('A Item'), text.indexOf('Payment due') + 1);
    expect(headings.slice(-3)).toEqual(['I Retainage', 'Refunded', 'Payment due']);
    const first = text.slice(text.indexOf('1', text.indexOf('Payment due')), text.indexOf('1', text.indexOf('Payment due')) + 12);
    expect(first.slice(-3)).toEqual(['0.00', '100.00', '900.00']);
    expect(text.slice(text.indexOf('Total'), text.indexOf('Total') + 6)).toEqual(['Total', '60,000.00', '1,000.00', '0.00', '100.00', '900.00']);
  });
});
