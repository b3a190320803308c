/** How the process logs (LOG_LEVEL, LOG_FORMAT): read with the rest of the configuration. */
export interface LoggingSettings {
  level: LogLevelName;
  /** json: one JSON object a line; pretty: a line a person reads. auto: pretty only when stdout is a terminal. */
  format: 'json' | 'pretty';
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevelName = (typeof LEVELS)[number];

export function parseLoggingSettings(env: Record<string, string | undefined>, stdoutIsTerminal: boolean): LoggingSettings {
  const level = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  const format = (env.LOG_FORMAT || 'auto').toLowerCase();
  if (format !== 'auto' && format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be auto, json or pretty (got "${env.LOG_FORMAT}")`);
  return { level: level as LogLevelName, format: format === 'auto' ? (stdoutIsTerminal ? 'pretty' : 'json') : format };
}
