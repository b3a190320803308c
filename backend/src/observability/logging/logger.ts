import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';

import type { LoggingSettings } from '../../config/logging-settings';
import { correlationFields } from '../correlation/correlation';
import { prettyDestination } from './pretty-lines';

/**
 * Never logged, whatever a caller passes by mistake: we log no bodies or headers, and these
 * paths are the second line of defence (a password, a token, a cookie, bank numbers).
 */
const REDACTED = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'accountNumber',
  '*.accountNumber',
  'routingNumber',
  '*.routingNumber',
];

/** The request's or event's ids, and the trace id when tracing is on: a log line leads to its trace. */
function withTraceId(): Record<string, unknown> {
  const fields = correlationFields();
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { ...fields, traceId: span.traceId } : fields;
}

/**
 * The process's logger: one JSON object a line (level, time, msg, the request id and user of
 * the request under way or the correlation id of the event a worker acts on, and the fields of
 * the call), or pretty lines for a terminal. Writes synchronously: the stop sequence's lines and
 * the demo logins are written to stdout directly, and the order a person reads must be the order
 * things happened. (The projections CLI logs to stderr: its stdout is its answer.)
 */
export function createLogger(settings: LoggingSettings, destination?: DestinationStream, stream: NodeJS.WriteStream = process.stdout): Logger {
  return pino(
    {
      level: settings.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: withTraceId,
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    destination ?? (settings.format === 'pretty' ? prettyDestination(stream) : pino.destination({ dest: stream === process.stderr ? 2 : 1, sync: true })),
  );
}
