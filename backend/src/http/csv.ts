import type { FastifyReply } from 'fastify';

/** RFC 4180 CSV; cells that a spreadsheet would run as formulas are defused with a leading quote. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (value: unknown): string => {
    let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
    if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function sendCsv(reply: FastifyReply, filename: string, csv: string): string {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  return csv;
}
