import { AsyncLocalStorage } from 'node:async_hooks';

import { comparePositions, formatPosition, type GlobalPosition, parsePosition } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';

/** The newest position this request appended at: the command answers it. */
const scope = new AsyncLocalStorage<{ appended: GlobalPosition | null }>();

/** The newest position this process appended at, for anyone: every request waits for it too. */
let newestInProcess: GlobalPosition | null = null;

const newer = (a: GlobalPosition | null, b: GlobalPosition | null): GlobalPosition | null => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

/** Called by the command side after every append (or replay), in a request or not (the payments dispatcher). */
export function noteAppended(position: GlobalPosition): void {
  const store = scope.getStore();
  if (store) store.appended = newer(store.appended, position);
  newestInProcess = newer(newestInProcess, position);
}

/** Response header: the global position a command appended at ("commit/prepare"). */
export const POSITION_HEADER = 'x-escrow-position';
/** Request header: the newest position the client holds; reads wait (bounded) until the read models passed it. */
export const READ_AFTER_HEADER = 'x-escrow-read-after';
/** Response header set when the wait timed out: the answer may not show the client's latest change yet. */
export const STALE_HEADER = 'x-escrow-stale';
/** The same position for clients that keep cookies but not headers (curl -b, scripts). */
export const READ_AFTER_COOKIE = 'escrow_read_after';

function positionOf(value: unknown): GlobalPosition | null {
  if (typeof value !== 'string' || value.length > 60) return null;
  try {
    return parsePosition(value);
  } catch {
    return null; // a malformed position only means the client waits for nothing
  }
}

/**
 * Read your writes (design §4). A command answers from the state its decider produced, at once,
 * and says where it appended (X-Escrow-Position, and a cookie). A request waits, bounded, until
 * every read model has passed the newest position it carries and the newest position this
 * process appended at, so the next read, or the next command's access check, sees the client's
 * own change and every change made through this process (the other party's approval a moment
 * ago); when the bound is hit the answer says so (X-Escrow-Stale) instead of being silently
 * stale. Projectors meanwhile batch as they like. Across several API processes a client is
 * still sure to see its own writes, wherever they were made.
 */
@Injectable()
export class ReadYourWrites implements NestInterceptor {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.handle(request, reply, next));
  }

  private async handle(request: FastifyRequest, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const fromHeader = positionOf(request.headers[READ_AFTER_HEADER]);
    const fromCookie = positionOf(request.cookies?.[READ_AFTER_COOKIE]);
    const readAfter = newer(newer(fromHeader, fromCookie), newestInProcess);
    const caughtUp = !readAfter || (await this.runner.waitFor(readAfter, { timeoutMs: this.config.readYourWritesTimeoutMs }));
    // A command's answer comes from the write side: only a read's answer can be stale.
    if (!caughtUp && (request.method === 'GET' || request.method === 'HEAD')) void reply.header(STALE_HEADER, 'true');
    const store = { appended: null as GlobalPosition | null };
    const answer = await scope.run(store, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    if (store.appended) {
      const position = formatPosition(store.appended)!;
      void reply.header(POSITION_HEADER, position);
      const secure = request.protocol === 'https' || /^https:\/\//i.test(this.config.publicUrl);
      void reply.setCookie(READ_AFTER_COOKIE, position, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
    }
    return answer;
  }
}
