import { formatDollars, money, sum } from '@escrow/domain';

export const when = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '—');
export const day = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleDateString() : '—');
export const dollars = (amount: string | null | undefined): string => (amount === null || amount === undefined || amount === '' ? '—' : formatDollars(amount));
/** Exact decimal total of amounts given as strings. */
export const total = (amounts: (string | null | undefined)[]): string => sum(amounts.filter((a): a is string => Boolean(a)).map((a) => money(a))).toFixed(2);
/** Sort comparators for antd tables: amounts compare as decimals, texts and instants as strings. */
export const byAmount = (a: string | null, b: string | null): number => money(a ?? '0').comparedTo(money(b ?? '0'));
export const byText = (a: string | null | undefined, b: string | null | undefined): number => (a ?? '').localeCompare(b ?? '');
/**
 * Charts draw numbers, not decimals: a float is fine for the height of a bar (every figure next to
 * a chart is shown exactly).
 */
export const chartNumber = (amount: string): number => Number(amount);

/** Statuses and kinds as the screens show them: capitalised (docs/product.md#approval-and-funding), the stored value unchanged. */
export const capitalised = (text: string | null | undefined): string => (text ? text.charAt(0).toUpperCase() + text.slice(1) : '');
