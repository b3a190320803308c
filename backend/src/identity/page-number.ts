import { invalidParam } from '../http/api-refusal';

/** A page number from the query string (the security logs): 1 when absent, 400 when not a positive integer. */
export function pageNumber(text: unknown): number {
  if (text === undefined || text === '') return 1;
  const page = Number(text);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw invalidParam('page', 'page must be a whole number from 1.');
  return page;
}
