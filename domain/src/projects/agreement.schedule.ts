import { formatDollars, money } from '../money/money';
import type { BillingState } from '../progress-billing/billing.state';
import type { ValueChange } from '../progress-billing/events';
import type { RetainageTerms, ScheduleLine } from '../progress-billing/schedule';

/**
 * What the escrow agreement of a progress-billed project states of its billing: the schedule of
 * values both parties approved and each change order both approved, in order. Proposals and
 * rejected change orders are not terms, so the text (and the signatures it needs) changes
 * exactly when the schedule or a change order is approved.
 */
export interface AgreedSchedule {
  /** The approved version; null before the buyer approved one. */
  version: { versionId: number; number: number; lines: ScheduleLine[]; contractSum: string } | null;
  changeOrders: { changeOrderId: number; reason: string; changes: ValueChange[]; newLines: ScheduleLine[]; netChange: string }[];
}

/** The agreed schedule and change orders of a billing stream's state. */
export function agreedSchedule(state: BillingState): AgreedSchedule {
  if (state.status !== 'active') return { version: null, changeOrders: [] };
  const current = state.versions.find((v) => v.versionId === state.currentVersionId);
  return {
    version: current ? { versionId: current.versionId, number: current.number, lines: current.lines, contractSum: current.contractSum } : null,
    changeOrders: state.changeOrders
      .filter((o) => o.status === 'approved')
      .map(({ changeOrderId, reason, changes, newLines, netChange }) => ({ changeOrderId, reason, changes, newLines, netChange })),
  };
}

/** The companies the agreed schedule pays, for the caller to look up their names. */
export const schedulePayees = (agreed: AgreedSchedule): number[] => [
  ...new Set([...(agreed.version?.lines ?? []), ...agreed.changeOrders.flatMap((o) => o.newLines)].map((l) => l.payeeId)),
];

const percent = (value: string): string => `${money(value).toString()}%`;

function retainageWords(r: RetainageTerms): string {
  if (!money(r.rate).gt(0)) return 'no retainage';
  const reduced = r.reduction ? `, ${percent(r.reduction.toRate)} on work certified once the line is ${percent(r.reduction.atPercentComplete)} complete` : '';
  return `retainage ${percent(r.rate)}${reduced}`;
}

const lineWords = (l: ScheduleLine, companyName: (id: number) => string): string =>
  `${l.number}. ${l.description} — ${formatDollars(l.scheduledValue)}; paid to ${companyName(l.payeeId)}; ${retainageWords(l.retainage)}.`;

const signed = (amount: string): string => (money(amount).isNegative() ? formatDollars(amount) : `+${formatDollars(amount)}`);

/** Clause 1 of a progress-billed project's agreement: the schedule of values and the approved change orders, line by line. */
export function scheduleClause(agreed: AgreedSchedule, companyName: (id: number) => string): string[] {
  const lines = [
    '1. Schedule of values. The project is paid by progress against the schedule of values below. Each period the contractor applies for payment line by line (work completed and materials stored); the owner, or the certifier the owner names, certifies each line, and the certified amount less its retainage is paid from escrow to the line’s payee.',
  ];
  const { version } = agreed;
  if (!version) return [...lines, '   (No schedule of values has been approved by both parties yet.)'];
  lines.push(`   Schedule of values (version ${version.number}), contract sum ${formatDollars(version.contractSum)}:`);
  for (const l of version.lines) lines.push(`   ${lineWords(l, companyName)}`);
  let sum = money(version.contractSum);
  for (const o of agreed.changeOrders) {
    sum = sum.plus(o.netChange);
    lines.push(`   Change order ${o.changeOrderId}, approved by both parties (${signed(o.netChange)}): ${o.reason}`);
    for (const c of o.changes) lines.push(`      Line ${c.line}: scheduled value from ${formatDollars(c.from)} to ${formatDollars(c.to)}.`);
    for (const l of o.newLines) lines.push(`      New line ${lineWords(l, companyName)}`);
  }
  if (agreed.changeOrders.length > 0) lines.push(`   Contract sum with the approved change orders: ${formatDollars(sum)}.`);
  return lines;
}
