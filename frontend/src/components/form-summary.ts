/** "2 fields need correcting: Name, Email." (each field is read with its own error when it has the focus) */
export function errorSummary(labels: string[]): string {
  if (labels.length === 0) return '';
  return `${labels.length === 1 ? '1 field needs' : `${labels.length} fields need`} correcting: ${labels.join(', ')}.`;
}
