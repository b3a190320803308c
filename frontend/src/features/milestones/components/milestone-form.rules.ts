import {
  computeMilestoneTerms,
  type ErrorCode,
  formatDollars,
  MAX_AMOUNT,
  type MilestoneTerms,
  money,
  type PayeeInput,
  type SiteState,
  VALUE_MUST_BE_POSITIVE,
} from '@escrow/domain';

import type { MilestonePayload } from '../api/milestones';

export type PayeeType = 'fixed' | 'percent' | 'remainder';

export interface PayeeRow {
  key: number;
  /** The company paid; null until one is chosen. */
  jcId: number | null;
  name: string | null;
  type: PayeeType;
  amount: string;
  percentage: string;
  includeFee: boolean;
}

export interface MilestoneDraft {
  mode: 'single' | 'multi';
  title: string;
  definition: string;
  amount: string;
  payees: PayeeRow[];
}

/** Where a problem shows: under a field, under a payee row, or under the whole form. */
export type ProblemField = 'title' | 'definition' | 'amount' | `payee-${number}` | 'form';
export interface Problem {
  field: ProblemField;
  message: string;
}

let rowKey = 0;
export const newPayeeRow = (jcId: number | null, type: PayeeType = 'fixed', name: string | null = null): PayeeRow => ({
  key: ++rowKey,
  jcId,
  name,
  type,
  amount: '',
  percentage: '',
  includeFee: false,
});

export const TOO_LARGE = `That amount is too large: a milestone pays at most ${formatDollars(MAX_AMOUNT)}.`;
const CENTS_ONLY = 'Enter dollars and cents: at most two decimals.';

/** A percentage ranges 0–100 and a value over 100 is clamped to 100 (docs/product.md#milestone-amounts-and-percentages). */
export function clampPercentage(value: string): string {
  if (value === '') return value;
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return n > 100 ? '100' : value;
}

/**
 * The browser-side check of one amount field (set as its custom validity): greater than zero
 * (the text of docs/product.md#milestone-amounts-and-percentages), at most two decimals, and no more than the largest amount the escrow holds.
 */
export function amountValidity(value: string): string {
  if (value === '') return '';
  let amount;
  try {
    amount = money(value);
  } catch {
    return 'Enter the amount in dollars, like 1250.00.';
  }
  if (amount.lte(0)) return VALUE_MUST_BE_POSITIVE;
  if (amount.gt(MAX_AMOUNT)) return TOO_LARGE;
  if (amount.decimalPlaces() > 2) return CENTS_ONLY;
  return '';
}

/** The payees the form would send, as the domain's money rules read them. */
function payeeInputs(draft: MilestoneDraft, primaryId: number | null): PayeeInput[] {
  if (draft.mode === 'single') return [{ companyId: primaryId ?? 0, type: 'fixed', amount: draft.amount, includeFee: draft.payees[0]?.includeFee ?? false }];
  return draft.payees.map((p) => ({
    companyId: p.jcId ?? 0,
    type: p.type,
    amount: p.type === 'fixed' ? p.amount : null,
    percentage: p.type === 'percent' ? p.percentage : null,
    includeFee: p.includeFee,
  }));
}

const needsTotal = (draft: MilestoneDraft) => draft.mode === 'multi' && draft.payees.some((p) => p.type !== 'fixed');

/** The project's terms a new version takes (retainage, job-site state). */
export interface ProjectTermsOfNow {
  retainagePercent?: string;
  siteState?: SiteState | null;
}

/** The live preview: the same domain money functions the server decides with, with the project's terms of now. */
export function previewTerms(
  draft: MilestoneDraft,
  primaryId: number | null,
  project: ProjectTermsOfNow = {},
): { terms: MilestoneTerms | null; problem: string | null } {
  const amounts =
    draft.mode === 'single'
      ? [draft.amount]
      : [...(needsTotal(draft) ? [draft.amount] : []), ...draft.payees.filter((p) => p.type === 'fixed').map((p) => p.amount)];
  const bad = amounts.map(amountValidity).find(Boolean);
  if (bad) return { terms: null, problem: bad };
  const inputs = payeeInputs(draft, primaryId);
  try {
    return {
      terms: computeMilestoneTerms(
        inputs,
        needsTotal(draft) ? draft.amount : null,
        inputs.map((_, i) => i + 1),
        { retainagePercent: project.retainagePercent, lienWaiverState: project.siteState ?? null },
      ),
      problem: null,
    };
  } catch (error) {
    return { terms: null, problem: (error as Error).message };
  }
}

/** Everything that stops the form from being sent, each where it shows. */
export function draftProblems(draft: MilestoneDraft, primaryId: number | null, project: ProjectTermsOfNow = {}): Problem[] {
  const problems: Problem[] = [];
  if (draft.mode === 'multi') {
    const seen = new Set<number>();
    for (const p of draft.payees) {
      if (p.jcId === null) problems.push({ field: `payee-${p.key}`, message: 'Choose the company to pay.' });
      else if (seen.has(p.jcId)) problems.push({ field: `payee-${p.key}`, message: 'This company is already a payee of this milestone.' });
      if (p.jcId !== null) seen.add(p.jcId);
    }
  }
  const preview = previewTerms(draft, primaryId, project);
  if (preview.problem) problems.push({ field: 'amount', message: preview.problem });
  return problems;
}

/** The codes of the API's refusals of a milestone that are about one field of the form (docs/api-errors.md). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, ProblemField>> = {
  title_invalid: 'title',
  title_too_long: 'title',
  definition_required: 'definition',
  definition_too_long: 'definition',
  amount_format: 'amount',
  amount_positive: 'amount',
  amount_too_large: 'amount',
  amounts_mismatch: 'amount',
  milestone_amount_required: 'amount',
  one_remainder: 'amount',
  percent_format: 'amount',
  percent_max: 'amount',
  percent_positive: 'amount',
  percent_too_small: 'amount',
  percent_total: 'amount',
  remainder_empty: 'amount',
  shares_exceed: 'amount',
  shares_short: 'amount',
};

/** Which field an API refusal is about, so its message shows there: by the field it names, else by its code. */
export function fieldOfRefusal(code: ErrorCode | null, param: string | null): ProblemField {
  const field = param?.split(/[.[]/)[0];
  if (field === 'title' || field === 'definition') return field;
  if (field === 'amount' || field === 'payees') return 'amount';
  return (code && FIELD_OF_CODE[code]) || 'form';
}

export function toPayload(projectId: number, draft: MilestoneDraft, primaryId: number | null, originalId: number | null): MilestonePayload {
  const payees = payeeInputs(draft, primaryId).map((p) => ({
    jc_id: p.companyId,
    type: p.type,
    amount: p.amount === null || p.amount === undefined || p.amount === '' ? null : String(p.amount),
    percentage: p.percentage === null || p.percentage === undefined || p.percentage === '' ? null : String(p.percentage),
    includeFee: p.includeFee,
  }));
  return {
    job_id: projectId,
    title: draft.mode === 'multi' ? draft.title.trim() : '',
    definition: draft.definition.trim(),
    position: 1,
    original_id: originalId,
    amount: needsTotal(draft) ? draft.amount : null,
    payees,
  };
}
