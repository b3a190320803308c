import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/** Nest's own start-up chatter (every module loaded, every route mapped): debug, not info. */
const FRAMEWORK_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * Nest's LoggerService on pino: every `new Logger('X')` of the code base and Nest's own lines
 * become JSON lines with `context: 'X'` (Logger.overrideLogger in bootstrap). A message may be
 * an object: its `msg` is the message, its other fields go into the line
 * (`logger.log({ msg: 'parked', correlationId })`).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    // Nest passes the context last (error: message, stack, context).
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    if (level === 'info' && context && FRAMEWORK_CONTEXTS.has(context)) level = 'debug';
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (level === 'error' && typeof rest[0] === 'string') fields.stack = rest[0];
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      const { msg, ...more } = message as Record<string, unknown>;
      this.logger[level]({ ...fields, ...more }, typeof msg === 'string' ? msg : '');
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
