import type Decimal from 'decimal.js';

import { formatAmount, MAX_AMOUNT, MAX_AMOUNT_TEXT, money, readAmount, sum, ZERO } from '../money/money';
import { readPercent } from '../money/percent';
import { readRetainagePercent } from '../money/retainage';
import type { ErrorCodeFor } from '../shared/error-codes';
import type { RefusalProblem } from '../shared/errors';
import { textProblem } from '../shared/text';

/**
 * The schedule of values (docs/progress-billing.md#the-model): the contract sum split into lines,
 * each with its scheduled value, its payee and its retainage terms.
 */

/** A line's retainage: a rate, and optionally a lower rate for the work certified once the line is that far complete. */
export interface RetainageTerms {
  rate: string;
  reduction: { toRate: string; atPercentComplete: string } | null;
}

/** A line of the schedule as an event carries it. Amounts are "1234.50" strings. */
export interface ScheduleLine {
  /** The item number the G703 shows ("1", "2.1", "CO-3"): unique in the schedule, never reused. */
  number: string;
  description: string;
  scheduledValue: string;
  /** The company paid for this line: the seller or one of its subcontractors. */
  payeeId: number;
  retainage: RetainageTerms;
}

/** A line as a person or a client proposed it, before it is read. */
export interface ScheduleLineInput {
  number: unknown;
  description: unknown;
  scheduledValue: unknown;
  payeeId: unknown;
  retainage?: { rate?: unknown; reduction?: { toRate?: unknown; atPercentComplete?: unknown } | null } | null;
}

const MAX_LINES = 500;
const MAX_DESCRIPTION = 200;
const LINE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9.-]{0,11}$/;

const at = (line: string | null) => (line === null ? '' : `Line ${line}: `);

/** Reads a line number, or says what is wrong with it. */
export function readLineNumber(input: unknown): string | null {
  return typeof input === 'string' && LINE_NUMBER.test(input) ? input : null;
}

/** A non-negative amount with at most two decimals within MAX_AMOUNT, or what is wrong with it. */
export function readNonNegative(input: unknown, what: string, line: string | null, code: ErrorCodeFor<400>): Decimal | RefusalProblem {
  const reading = readAmount(input);
  if (!reading.ok) {
    const why =
      reading.problem === 'too_large'
        ? `at most ${MAX_AMOUNT_TEXT}`
        : reading.problem === 'decimals'
          ? 'an amount in dollars with at most two decimals'
          : 'an amount in dollars, like 1250.00';
    return { code, line, message: `${at(line)}enter the ${what} as ${why}.` };
  }
  if (reading.value.isNegative()) return { code, line, message: `${at(line)}the ${what} cannot be negative.` };
  return reading.value;
}

export const isProblem = (value: unknown): value is RefusalProblem => typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

function readTerms(input: ScheduleLineInput['retainage'], line: string, problems: RefusalProblem[]): RetainageTerms {
  const reading = (raw: unknown, what: string): string | null => {
    try {
      return readRetainagePercent(raw ?? '0');
    } catch (error) {
      problems.push({ code: 'retainage_rate', line, message: `${at(line)}${what}: ${(error as Error).message}` });
      return null;
    }
  };
  const rate = reading(input?.rate, 'the retainage rate') ?? '0.00';
  const raw = input?.reduction;
  if (raw === null || raw === undefined) return { rate, reduction: null };
  const toRate = reading(raw.toRate, 'the reduced retainage rate');
  const percent = readPercent(raw.atPercentComplete);
  if (percent === null || percent.lte(0) || percent.gt(100)) {
    problems.push({
      code: 'retainage_reduction',
      line,
      message: `${at(line)}say at what percentage complete the retainage is reduced: a number above 0 and at most 100, like 50.`,
    });
    return { rate, reduction: null };
  }
  if (toRate !== null && money(toRate).gte(rate)) {
    problems.push({ code: 'retainage_reduction', line, message: `${at(line)}a reduced retainage rate must be lower than the line's rate of ${rate}%.` });
  }
  return { rate, reduction: toRate === null ? null : { toRate, atPercentComplete: percent.toFixed(2) } };
}

/**
 * Reads proposed lines (a schedule, or the new lines of a change order), collecting every problem
 * instead of stopping at the first, so a person fixes them all at once. `taken`: numbers already
 * used (a change order's new lines may not reuse them).
 */
export function readScheduleLines(inputs: unknown, taken: ReadonlySet<string>, problems: RefusalProblem[]): ScheduleLine[] {
  if (!Array.isArray(inputs)) {
    problems.push({ code: 'lines_required', line: null, message: 'List the lines of the schedule of values.' });
    return [];
  }
  if (inputs.length > MAX_LINES) {
    problems.push({ code: 'too_many_lines', line: null, message: `A schedule of values holds at most ${MAX_LINES} lines.` });
    return [];
  }
  const seen = new Set<string>();
  const lines: ScheduleLine[] = [];
  inputs.forEach((input: ScheduleLineInput, index) => {
    const number = readLineNumber(input?.number);
    const label = number ?? `#${index + 1}`;
    if (number === null) {
      problems.push({
        code: 'line_number',
        line: label,
        message: `Line ${label}: give each line an item number of letters, digits, dots or dashes (at most 12), like 1, 2.1 or CO-3.`,
      });
    } else if (seen.has(number) || taken.has(number)) {
      problems.push({ code: 'duplicate_line', line: number, message: `Line ${number}: this item number is already used; give each line its own.` });
    }
    if (number !== null) seen.add(number);
    const description = typeof input?.description === 'string' ? input.description.trim() : '';
    if (!description || description.length > MAX_DESCRIPTION || textProblem(description)) {
      problems.push({
        code: 'line_description',
        line: label,
        message: `Line ${label}: describe the portion of the work in at most ${MAX_DESCRIPTION} characters (no NUL character or half of an emoji).`,
      });
    }
    const value = readNonNegative(input?.scheduledValue, 'scheduled value', label, 'scheduled_value');
    if (isProblem(value)) problems.push(value);
    const payeeId = input?.payeeId;
    if (typeof payeeId !== 'number' || !Number.isSafeInteger(payeeId) || payeeId < 1) {
      problems.push({
        code: 'line_payee',
        line: label,
        message: `Line ${label}: name the company paid for this line (the seller or one of its subcontractors).`,
      });
    }
    const retainage = readTerms(input?.retainage, label, problems);
    lines.push({
      number: label,
      description,
      scheduledValue: isProblem(value) ? '0.00' : formatAmount(value),
      payeeId: typeof payeeId === 'number' ? payeeId : 0,
      retainage,
    });
  });
  return lines;
}

/** The contract sum of some lines; a problem when it is beyond what one escrow can hold. */
export function contractSumOf(lines: readonly { scheduledValue: string }[], problems: RefusalProblem[]): Decimal {
  const total = sum(lines.map((l) => money(l.scheduledValue)));
  if (total.gt(MAX_AMOUNT)) {
    problems.push({
      code: 'contract_sum_too_large',
      line: null,
      message: `The contract sum would be ${formatAmount(total)}, more than the ${MAX_AMOUNT_TEXT} one project can hold.`,
    });
  }
  return total.isNegative() ? ZERO : total;
}
