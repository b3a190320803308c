import type { DestinationStream } from 'pino';

const COLOURS: Record<string, string> = { fatal: '\x1b[35m', error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[32m', debug: '\x1b[34m', trace: '\x1b[90m' };
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

/**
 * A log line for a person at a terminal (`make start` there): the time, the level, the source
 * and the message, then the other fields dimmed. The same fields as the JSON line, nothing
 * dropped, so what a person sees is what an operator's log store gets.
 */
export function prettyLine(json: string, colours: boolean): string {
  const { time, level, msg, context, pid: _pid, hostname: _hostname, err, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const paint = (code: string | undefined, text: string) => (colours && code ? `${code}${text}${RESET}` : text);
  const clock = typeof time === 'string' ? time.slice(11, 23) : '';
  const extras = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const stack = (err as { stack?: string } | undefined)?.stack;
  return (
    `${clock} ${paint(COLOURS[String(level)], String(level).toUpperCase().padEnd(5))} ` +
    `${context ? `[${String(context)}] ` : ''}${String(msg ?? '')}${extras ? `  ${paint(DIM, extras)}` : ''}\n` +
    (stack ? `${stack}\n` : '')
  );
}

/** A pino destination writing pretty lines to a terminal. */
export function prettyDestination(out: NodeJS.WriteStream): DestinationStream {
  const colours = out.isTTY === true;
  return { write: (line: string) => void out.write(prettyLine(line, colours)) };
}
