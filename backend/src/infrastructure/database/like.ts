/** An ILIKE pattern matching text anywhere, with the text's own wildcards (\, %, _) taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
