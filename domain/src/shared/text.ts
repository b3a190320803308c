import { invalid } from './errors';

/** A high surrogate without its low half, or a low half on its own (invalid UTF-16). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What makes a text impossible to store, if anything: PostgreSQL's text and jsonb refuse the NUL
 * character and lone UTF-16 surrogates ("invalid input syntax for type json"), so an event
 * carrying one could never be appended or projected.
 */
export function textProblem(value: string): 'nul' | 'surrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

const UNSAFE_TEXT_MESSAGE = (field: string) =>
  `The ${field} contains a character that cannot be stored (a NUL character or half of an emoji); remove it and try again.`;

/** The trimmed text, refused when it holds a character no event can carry. */
export function safeText(value: string | null | undefined, field: string): string {
  const text = (value ?? '').trim();
  if (textProblem(text)) throw invalid('unsafe_text', UNSAFE_TEXT_MESSAGE(field));
  return text;
}
