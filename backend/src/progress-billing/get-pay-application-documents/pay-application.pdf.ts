import { formatDollars, type PayApplicationView } from '@escrow/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A pay application and its certificate as a PDF (docs/progress-billing.md#the-api): a summary
 * page (the application, lines 1 to 9, the certificate and each payee's share) and the
 * continuation sheet, one row per line. Our own layout and wording, drawn with pdf-lib's
 * standard fonts: no file is read, nothing is embedded.
 */

interface Names {
  project: string;
  companies: ReadonlyMap<number, string>;
}

const INK = rgb(0.1, 0.1, 0.1);
const RULE = rgb(0.6, 0.6, 0.6);
const MARGIN = 36;

/** The standard fonts encode WinAnsi only: any other character (an emoji in a description) is drawn as "?". */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Cuts a text to fit a width, ending with "..." when cut. */
function fitted(font: PDFFont, size: number, text: string, width: number): string {
  let out = drawable(font, text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 0 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
  return `${out}...`;
}

const amount = (value: string) => formatDollars(value).replace('$', '');

class Writer {
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(text: string, x: number, y: number, size: number, options: { bold?: boolean; width?: number; right?: boolean } = {}) {
    const font = options.bold ? this.bold : this.regular;
    const shown = options.width ? fitted(font, size, text, options.width) : drawable(font, text);
    const left = options.right && options.width ? x + options.width - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: left, y, size, font, color: INK });
  }

  rule(y: number, from = MARGIN, to = this.page.getWidth() - MARGIN) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 0.5, color: RULE });
  }
}

function summaryPage(doc: PDFDocument, fonts: [PDFFont, PDFFont], view: PayApplicationView, names: Names) {
  const w = new Writer(doc.addPage([612, 792]), ...fonts);
  let y = 792 - MARGIN - 12;
  w.text('Application and Certificate for Payment', MARGIN, y, 16, { bold: true });
  y -= 22;
  w.text(`${names.project} - pay application ${view.application_number}, revision ${view.revision}, period to ${view.period_to}`, MARGIN, y, 10, {
    width: 540,
  });
  y -= 14;
  const status =
    view.figures === 'certified'
      ? `Certified by the ${view.certification!.by_role} on ${view.certification!.at.slice(0, 10)}${view.accepted ? `; accepted on ${view.accepted.at.slice(0, 10)}` : '; waiting for the seller to accept it'}.`
      : 'Not certified yet: the figures are as the seller billed them.';
  w.text(status, MARGIN, y, 10, { width: 540 });
  y -= 26;
  const s = view.summary;
  const lines: [string, string, string][] = [
    ['1', 'Original contract sum', s.original_contract_sum],
    ['2', 'Net change by change orders', s.net_change_by_change_orders],
    ['3', 'Contract sum to date (1 + 2)', s.contract_sum_to_date],
    ['4', 'Total completed and stored to date (column G)', s.total_completed_and_stored],
    ['5a', 'Retainage on completed work', s.retainage_on_completed_work],
    ['5b', 'Retainage on stored materials', s.retainage_on_stored_materials],
    ['5', 'Total retainage (column I)', s.total_retainage],
    ['6', 'Total earned less retainage (4 - 5)', s.total_earned_less_retainage],
    ['7', 'Less previous certificates for payment', s.previous_certificates],
    ['8', 'Current payment due (6 - 7)', s.current_payment_due],
    ['9', 'Balance to finish, including retainage (3 - 6)', s.balance_to_finish_including_retainage],
    // Forfeited by a retainage dispute's refund: neither earned (6) nor still to finish (9).
    ...(s.retainage_refunded === '0.00' ? [] : [['', 'Retainage refunded to the owner (out of 6 and 9)', s.retainage_refunded] as [string, string, string]]),
  ];
  w.text(view.figures === 'certified' ? 'Summary, as certified' : 'Summary, as billed', MARGIN, y, 12, { bold: true });
  y -= 18;
  for (const [number, label, value] of lines) {
    const strong = number === '8';
    w.text(number, MARGIN, y, 10, { bold: strong });
    w.text(label, MARGIN + 30, y, 10, { bold: strong, width: 360 });
    w.text(amount(value), MARGIN + 400, y, 10, { bold: strong, width: 140, right: true });
    y -= 4;
    w.rule(y);
    y -= 12;
  }
  y -= 14;
  w.text('Paid to each payee by this application', MARGIN, y, 12, { bold: true });
  y -= 18;
  w.text('Payee', MARGIN, y, 9, { bold: true });
  w.text('Current payment due', MARGIN + 250, y, 9, { bold: true, width: 130, right: true });
  w.text('Retainage held', MARGIN + 400, y, 9, { bold: true, width: 140, right: true });
  y -= 14;
  for (const p of view.payees) {
    w.text(names.companies.get(p.payee_id) ?? `Company ${p.payee_id}`, MARGIN, y, 10, { width: 240 });
    w.text(amount(p.current_payment_due), MARGIN + 250, y, 10, { width: 130, right: true });
    w.text(amount(p.retainage_held), MARGIN + 400, y, 10, { width: 140, right: true });
    y -= 14;
  }
  y -= 16;
  w.text('Amounts in US dollars. The continuation sheet on the following pages gives every line.', MARGIN, y, 8, { width: 540 });
}

/** Column of the continuation sheet: its heading, width and the value of a line. */
type SheetColumn = [heading: string, width: number, value: (l: PayApplicationView['lines'][number]) => string, right: boolean];

const SHEET: SheetColumn[] = [
  ['A Item', 36, (l) => l.line, false],
  ['B Description', 150, (l) => l.description, false],
  ['C Scheduled value', 62, (l) => amount(l.scheduled_value), true],
  ['D Previous', 62, (l) => amount(l.previous), true],
  ['E This period', 62, (l) => amount(l.this_period), true],
  ['F Stored', 62, (l) => amount(l.stored_materials), true],
  ['G To date', 66, (l) => amount(l.completed_and_stored_to_date), true],
  ['G/C %', 34, (l) => l.percent_complete, true],
  ['H Balance', 62, (l) => amount(l.balance_to_finish), true],
  ['I Retainage', 58, (l) => amount(l.retainage), true],
  ['Payment due', 62, (l) => amount(l.current_payment_due), true],
];
const REFUNDED: SheetColumn = ['Refunded', 58, (l) => amount(l.retainage_refunded), true];

/**
 * The sheet's columns: once a retainage dispute has refunded the owner, a column of what each
 * line gave back, taken from the description's width so the page keeps its margins (without it
 * a line's payment would not follow from the figures beside it).
 */
function sheetColumns(view: PayApplicationView): SheetColumn[] {
  if (view.summary.retainage_refunded === '0.00' && view.lines.every((l) => l.retainage_refunded === '0.00')) return SHEET;
  return SHEET.flatMap((column): SheetColumn[] => {
    if (column[0] === 'B Description') return [[column[0], column[1] - REFUNDED[1], column[2], column[3]]];
    return column[0] === 'I Retainage' ? [column, REFUNDED] : [column];
  });
}
const ROWS_PER_PAGE = 40;

function continuationPages(doc: PDFDocument, fonts: [PDFFont, PDFFont], view: PayApplicationView, names: Names) {
  const pages = Math.max(1, Math.ceil(view.lines.length / ROWS_PER_PAGE));
  const columns = sheetColumns(view);
  for (let p = 0; p < pages; p++) {
    const w = new Writer(doc.addPage([792, 612]), ...fonts);
    let y = 612 - MARGIN - 10;
    w.text(`Continuation sheet - ${names.project}, pay application ${view.application_number} (page ${p + 1} of ${pages})`, MARGIN, y, 11, {
      bold: true,
      width: 720,
    });
    y -= 20;
    let x = MARGIN;
    for (const [heading, width, , right] of columns) {
      w.text(heading, x, y, 7, { bold: true, width: width - 4, right });
      x += width;
    }
    y -= 4;
    w.rule(y);
    y -= 11;
    for (const line of view.lines.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE)) {
      x = MARGIN;
      for (const [, width, value, right] of columns) {
        w.text(value(line), x, y, 7, { width: width - 4, right });
        x += width;
      }
      const note = line.decision && line.decision.decision !== 'as_billed' ? `${line.decision.decision}: ${line.decision.reason ?? ''}` : null;
      if (note) {
        y -= 9;
        w.text(note, MARGIN + 36, y, 6, { width: 680 });
      }
      y -= 11;
    }
    if (p === pages - 1) {
      w.rule(y + 7);
      const s = view.summary;
      const totals: Record<string, string> = {
        'C Scheduled value': s.contract_sum_to_date,
        'G To date': s.total_completed_and_stored,
        'I Retainage': s.total_retainage,
        Refunded: s.retainage_refunded,
        'Payment due': s.current_payment_due,
      };
      x = MARGIN;
      for (const [heading, width, , right] of columns) {
        const value = heading === 'A Item' ? 'Total' : totals[heading] ? amount(totals[heading]) : '';
        if (value) w.text(value, x, y - 4, 7, { bold: true, width: width - 4, right });
        x += width;
      }
    }
  }
}

export async function payApplicationPdf(view: PayApplicationView, names: Names): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Pay application ${view.application_number} - ${names.project}`);
  doc.setCreator('Escrow Ledger');
  doc.setProducer('Escrow Ledger');
  // A fixed date: the same application always gives the same bytes.
  doc.setCreationDate(new Date(view.submitted_at));
  doc.setModificationDate(new Date(view.certification?.at ?? view.submitted_at));
  const fonts: [PDFFont, PDFFont] = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
  summaryPage(doc, fonts, view, names);
  continuationPages(doc, fonts, view, names);
  return doc.save();
}
