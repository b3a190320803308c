import { Transform } from 'class-transformer';

/**
 * A query value left empty (`?kind=`) counts as not given, as it did when the routes read their
 * query by hand; a value given twice stays a list, for the type check to refuse.
 */
export const EmptyIsAbsent = () => Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

/** Text typed into a search box: trimmed, and not given when only spaces are left. */
export const TrimmedOrAbsent = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));
