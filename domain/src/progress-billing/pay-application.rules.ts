import Decimal from 'decimal.js';

import { formatAmount, formatDollars, money, roundCents, ZERO } from '../money/money';
import { readPercent } from '../money/percent';
import type { RefusalProblem } from '../shared/errors';
import { type BillingLine, type LineToDate, NOTHING_CERTIFIED, type PeriodAmounts } from './pay-application.figures';
import { isProblem, readLineNumber, readNonNegative } from './schedule';

/**
 * The rules a pay application's lines must keep, as billed by the seller and as certified
 * (docs/progress-billing.md#what-a-pay-application-may-bill). Each rule broken is one problem
 * naming its line, so a refusal lists them all.
 */

/** A line of a pay application as the seller typed it. */
export interface ApplicationLineInput {
  line: unknown;
  /** Work completed this period in dollars… */
  workAmount?: unknown;
  /** …or as a percentage of the line's scheduled value: whichever was typed, not both. */
  workPercent?: unknown;
  /** Materials presently stored at the end of the period (absent: as last certified). */
  storedMaterials?: unknown;
  /** Attachment ids of the invoices or photos of newly stored materials. */
  evidence?: unknown;
}

/** A line as the application records it: the amounts and what was typed. */
export interface BilledLine extends PeriodAmounts {
  /** The percentage typed, when the work was typed as one ("25.00"); null when typed in dollars. */
  workPercent: string | null;
  evidence: string[];
}

export type CertificationDecisionInput =
  | { line: unknown; decision: 'as_billed' }
  | { line: unknown; decision: 'reduced'; workThisPeriod: unknown; storedMaterials: unknown; reason: unknown }
  | { line: unknown; decision: 'refused'; reason: unknown };

/** How one line was certified, with the amounts the certificate counts. */
export interface CertifiedLine extends PeriodAmounts {
  decision: 'as_billed' | 'reduced' | 'refused';
  reason: string | null;
}

const MAX_EVIDENCE = 20;
const MAX_REASON = 2000;
const ATTACHMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const byNumber = (schedule: readonly BillingLine[]) => new Map(schedule.map((l) => [l.number, l]));

/**
 * Reads the seller's lines: each names a line of the schedule once, types this period's work as
 * an amount or a percentage (not both), and may state the materials presently stored.
 */
export function readApplicationLines(
  schedule: readonly BillingLine[],
  previous: Readonly<Record<string, LineToDate>>,
  inputs: unknown,
  problems: RefusalProblem[],
): BilledLine[] {
  if (!Array.isArray(inputs) || inputs.length === 0) {
    problems.push({ code: 'lines_required', line: null, message: 'Bill at least one line of the schedule of values.' });
    return [];
  }
  const lines = byNumber(schedule);
  const seen = new Set<string>();
  const billed: BilledLine[] = [];
  for (const input of inputs as ApplicationLineInput[]) {
    const number = readLineNumber(input?.line);
    const line = number === null ? undefined : lines.get(number);
    if (number === null || !line) {
      const named = typeof input?.line === 'string' ? input.line.slice(0, 12) : '?';
      problems.push({ code: 'unknown_line', line: named, message: `Line ${named}: there is no such line in the schedule of values.` });
      continue;
    }
    if (seen.has(number)) {
      problems.push({ code: 'duplicate_line', line: number, message: `Line ${number}: bill each line once per application.` });
      continue;
    }
    seen.add(number);
    const before = previous[number] ?? NOTHING_CERTIFIED;
    const stored =
      input.storedMaterials === undefined || input.storedMaterials === null
        ? money(before.stored)
        : readNonNegative(input.storedMaterials, 'materials presently stored', number, 'stored_amount');
    const work = readWork(line, before, input, isProblem(stored) ? money(before.stored) : stored, problems);
    const evidence = readEvidence(input.evidence, number, problems);
    if (isProblem(stored)) problems.push(stored);
    if (work === null || isProblem(stored)) continue;
    billed.push({
      line: number,
      workThisPeriod: formatAmount(work.amount),
      workPercent: work.percent,
      storedMaterials: formatAmount(stored),
      evidence,
    });
  }
  return billed;
}

/**
 * This period's work in dollars. A percentage is of the scheduled value, rounded half-up to the
 * cent; when the exact share fits what is left of the line but its rounded cent does not (50% of
 * $100.01 twice), it takes exactly what is left, so a percentage that fits is never refused for
 * rounding.
 */
function readWork(line: BillingLine, before: LineToDate, input: ApplicationLineInput, stored: Decimal, problems: RefusalProblem[]) {
  const number = line.number;
  const hasAmount = input.workAmount !== undefined && input.workAmount !== null && input.workAmount !== '';
  const hasPercent = input.workPercent !== undefined && input.workPercent !== null && input.workPercent !== '';
  if (hasAmount && hasPercent) {
    problems.push({
      code: 'work_amount_or_percent',
      line: number,
      message: `Line ${number}: type this period's work as an amount or as a percentage, not both.`,
    });
    return null;
  }
  if (hasPercent) {
    const percent = readPercent(input.workPercent);
    if (percent === null || percent.gt(100)) {
      problems.push({
        code: 'work_percent',
        line: number,
        message: `Line ${number}: type this period's work as a percentage of the scheduled value from 0 to 100, like 25 or 12.5.`,
      });
      return null;
    }
    const exact = money(line.scheduledValue).times(percent).dividedBy(100);
    const left = money(line.scheduledValue).minus(before.workCompleted).minus(stored);
    const rounded = roundCents(exact);
    const amount = exact.lte(left) && rounded.gt(left) ? left : rounded;
    return { amount, percent: percent.toFixed(2) };
  }
  if (!hasAmount) return { amount: ZERO, percent: null };
  const amount = readNonNegative(input.workAmount, 'work completed this period', number, 'work_amount');
  if (isProblem(amount)) {
    problems.push(amount);
    return null;
  }
  return { amount, percent: null };
}

function readEvidence(input: unknown, line: string, problems: RefusalProblem[]): string[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input) || input.length > MAX_EVIDENCE || !input.every((id) => typeof id === 'string' && ATTACHMENT_ID.test(id))) {
    problems.push({
      code: 'evidence',
      line,
      message: `Line ${line}: evidence is a list of at most ${MAX_EVIDENCE} attachments (invoices or photos) uploaded to this project.`,
    });
    return [];
  }
  return [...new Set(input as string[])];
}

/**
 * The rules of one line's amounts, billed or certified: the line never bills more than its
 * scheduled value, and stored materials leave "stored" only as work billed on the same line.
 * Newly stored materials need evidence when the seller bills them.
 */
export function lineProblems(
  schedule: readonly BillingLine[],
  previous: Readonly<Record<string, LineToDate>>,
  lines: readonly (PeriodAmounts & { evidence?: string[] })[],
  who: 'seller' | 'certifier',
): RefusalProblem[] {
  const problems: RefusalProblem[] = [];
  const scheduled = byNumber(schedule);
  for (const amounts of lines) {
    const line = scheduled.get(amounts.line);
    if (!line) continue;
    const before = previous[amounts.line] ?? NOTHING_CERTIFIED;
    const work = money(amounts.workThisPeriod);
    const stored = money(amounts.storedMaterials);
    const storedBefore = money(before.stored);
    const toDate = money(before.workCompleted).plus(work).plus(stored);
    const value = money(line.scheduledValue);
    if (toDate.gt(value)) {
      const left = Decimal.max(ZERO, value.minus(before.workCompleted));
      problems.push({
        code: 'over_scheduled_value',
        line: line.number,
        message: `Line ${line.number}: ${formatDollars(toDate)} completed and stored to date would be more than its scheduled value of ${formatDollars(value)}; at most ${formatDollars(left)} of work and stored materials can still be billed on it.`,
      });
    }
    const leftStored = storedBefore.minus(stored);
    if (leftStored.gt(work)) {
      problems.push({
        code: 'stored_not_billed_as_work',
        line: line.number,
        message: `Line ${line.number}: stored materials go down from ${formatDollars(storedBefore)} to ${formatDollars(stored)}, but only ${formatDollars(work)} of work is billed: materials leave "stored" only when they are billed as work on the line. Bill them as work this period or keep them as stored.`,
      });
    }
    if (who === 'seller' && stored.gt(storedBefore) && (amounts.evidence ?? []).length === 0) {
      problems.push({
        code: 'stored_evidence_required',
        line: line.number,
        message: `Line ${line.number}: attach the invoice or photos of the ${formatDollars(stored.minus(storedBefore))} of materials newly stored.`,
      });
    }
  }
  return problems;
}

/** Whether an application's line asks for anything: work this period, or a change in what is stored. */
export const billsSomething = (line: BilledLine, previous: Readonly<Record<string, LineToDate>>): boolean =>
  !money(line.workThisPeriod).isZero() || !money(line.storedMaterials).eq((previous[line.line] ?? NOTHING_CERTIFIED).stored);

/**
 * Reads the certifier's decisions: every line the application bills gets exactly one. As billed
 * takes the seller's amounts; refused certifies nothing new on the line (stored materials stay as
 * last certified); reduced certifies lower amounts, with the reason.
 */
export function readCertification(
  billed: readonly BilledLine[],
  previous: Readonly<Record<string, LineToDate>>,
  inputs: unknown,
  problems: RefusalProblem[],
): CertifiedLine[] {
  const asked = new Map(billed.filter((l) => billsSomething(l, previous)).map((l) => [l.line, l]));
  const decided = new Map<string, CertifiedLine>();
  for (const input of Array.isArray(inputs) ? (inputs as CertificationDecisionInput[]) : []) {
    const number = readLineNumber(input?.line);
    const line = number === null ? undefined : asked.get(number);
    const label = number ?? '?';
    if (!line) {
      problems.push({ code: 'line_not_billed', line: label, message: `Line ${label}: this application bills nothing on it, so there is nothing to certify.` });
      continue;
    }
    if (decided.has(label)) {
      problems.push({ code: 'duplicate_line', line: label, message: `Line ${label}: certify each line once.` });
      continue;
    }
    const certified = readDecision(line, previous[label] ?? NOTHING_CERTIFIED, input, problems);
    if (certified) decided.set(label, certified);
  }
  for (const number of asked.keys()) {
    if (!decided.has(number) && !problems.some((p) => p.line === number)) {
      problems.push({ code: 'decision_required', line: number, message: `Line ${number}: certify it as billed, reduced or refused.` });
    }
  }
  return [...decided.values()];
}

function readReason(raw: unknown, line: string, problems: RefusalProblem[]): string | null {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason || reason.length > MAX_REASON || /\u0000|[\uD800-\uDFFF]/.test(reason)) {
    problems.push({ code: 'reason_required', line, message: `Line ${line}: give the seller the reason, in at most ${MAX_REASON} characters.` });
    return null;
  }
  return reason;
}

function readDecision(line: BilledLine, before: LineToDate, input: CertificationDecisionInput, problems: RefusalProblem[]): CertifiedLine | null {
  const number = line.line;
  switch (input.decision) {
    case 'as_billed':
      return { line: number, workThisPeriod: line.workThisPeriod, storedMaterials: line.storedMaterials, decision: 'as_billed', reason: null };
    case 'refused': {
      const reason = readReason(input.reason, number, problems);
      return reason === null ? null : { line: number, workThisPeriod: '0.00', storedMaterials: before.stored, decision: 'refused', reason };
    }
    case 'reduced': {
      const reason = readReason(input.reason, number, problems);
      const work = readNonNegative(input.workThisPeriod, 'work certified this period', number, 'certified_amount');
      const stored = readNonNegative(input.storedMaterials ?? line.storedMaterials, 'stored materials certified', number, 'certified_amount');
      if (isProblem(work)) problems.push(work);
      if (isProblem(stored)) problems.push(stored);
      if (reason === null || isProblem(work) || isProblem(stored)) return null;
      const storedCeiling = Decimal.max(money(line.storedMaterials), money(before.stored));
      if (work.gt(line.workThisPeriod) || stored.gt(storedCeiling)) {
        problems.push({
          code: 'reduction_above_billed',
          line: number,
          message: `Line ${number}: a reduced certification cannot exceed what was billed (${formatDollars(money(line.workThisPeriod))} of work, ${formatDollars(storedCeiling)} stored).`,
        });
        return null;
      }
      // Each figure under its own ceiling is not enough: stored materials may stay at what the line
      // held before (the certifier finds them not yet installed), but then the work billed from them
      // is not certified too. Work and stored together never pass what the line billed (G).
      const billedTotal = money(line.workThisPeriod).plus(line.storedMaterials);
      if (work.plus(stored).gt(billedTotal)) {
        problems.push({
          code: 'reduction_above_billed',
          line: number,
          message: `Line ${number}: a reduced certification cannot exceed what was billed: ${formatDollars(work.plus(stored))} of work and stored materials certified against ${formatDollars(billedTotal)} billed. Materials kept as stored are not also certified as work.`,
        });
        return null;
      }
      if (work.eq(line.workThisPeriod) && stored.eq(line.storedMaterials)) {
        problems.push({
          code: 'reduction_equals_billed',
          line: number,
          message: `Line ${number}: these are the amounts billed; certify the line as billed instead.`,
        });
        return null;
      }
      return { line: number, workThisPeriod: formatAmount(work), storedMaterials: formatAmount(stored), decision: 'reduced', reason };
    }
    default:
      problems.push({ code: 'decision', line: number, message: `Line ${number}: certify it as billed, reduced or refused.` });
      return null;
  }
}
