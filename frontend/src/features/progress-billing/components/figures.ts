import {
  type ApplicationLineInput,
  type BilledLine,
  type BillingLine,
  type BillingLineView,
  type LineToDate,
  NOTHING_CERTIFIED,
  type PayApplicationView,
} from '@escrow/domain';

/**
 * The billing view's lines in the domain's shape, so the screens compute every column with the
 * domain's own calculator (payApplicationFigures) and check what is typed with its own rules:
 * the same arithmetic and the same refusals as the server, never a copy.
 */

export const billingLineOf = (line: BillingLineView): BillingLine => ({
  number: line.number,
  description: line.description,
  scheduledValue: line.scheduled_value,
  payeeId: line.payee_id,
  retainage: {
    rate: line.retainage.rate,
    reduction: line.retainage.reduction && { toRate: line.retainage.reduction.to_rate, atPercentComplete: line.retainage.reduction.at_percent_complete },
  },
  originalValue: line.original_value,
});

/**
 * What the accepted certificates say of each line, as the billing view carries it: the bases
 * retained at each rate come from the server, so the next application's retainage is the
 * server's even on a line whose reduction point a change order moved below what is certified.
 */
export function toDateOf(lines: readonly BillingLineView[]): Record<string, LineToDate> {
  const toDate: Record<string, LineToDate> = {};
  for (const line of lines) {
    toDate[line.number] = {
      workCompleted: line.work_completed,
      stored: line.stored_materials,
      atRate: line.retained_at_rate,
      atReducedRate: line.retained_at_reduced_rate,
      reductionReached: line.reduction_reached,
      retainageReleased: line.retainage_released,
      // Absent before any refund, as the server's own to-date figures.
      ...(line.retainage_refunded === '0.00' ? {} : { retainageRefunded: line.retainage_refunded }),
    };
  }
  return toDate;
}

export const previousStored = (toDate: Readonly<Record<string, LineToDate>>, line: string) => (toDate[line] ?? NOTHING_CERTIFIED).stored;

/** The lines an application billed, as the domain recorded them (for the certifier's rules and figures). */
export const billedLinesOf = (application: PayApplicationView): BilledLine[] =>
  application.lines.flatMap((l) =>
    l.billed
      ? [
          {
            line: l.line,
            workThisPeriod: l.billed.work_this_period,
            storedMaterials: l.billed.stored_materials,
            workPercent: l.billed.work_percent,
            evidence: l.billed.evidence,
          },
        ]
      : [],
  );

/** What the seller typed on one line of the grid. Empty strings are "not typed". */
export interface TypedLine {
  amount: string;
  percent: string;
  stored: string;
  /** The ids of the files (invoices, photos) of the materials newly stored, uploaded to the project's billing. */
  evidence: string[];
}

export const EMPTY_LINE: TypedLine = { amount: '', percent: '', stored: '', evidence: [] };

const typed = (text: string) => text.trim() !== '';

/** The grid's typed lines as the domain reads them (only lines where something was typed). */
export function applicationInputs(typedLines: Readonly<Record<string, TypedLine>>): ApplicationLineInput[] {
  return Object.entries(typedLines)
    .filter(([, t]) => typed(t.amount) || typed(t.percent) || typed(t.stored))
    .map(([line, t]) => ({
      line,
      workAmount: typed(t.amount) ? t.amount.trim() : undefined,
      workPercent: typed(t.percent) ? t.percent.trim() : undefined,
      storedMaterials: typed(t.stored) ? t.stored.trim() : undefined,
      evidence: t.evidence.length > 0 ? t.evidence : undefined,
    }));
}
