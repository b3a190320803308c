import { comparePositions, DomainError, type EventStore, formatPosition, type GlobalPosition, parsePosition } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { type CallHandler, type ExecutionContext, HttpException, Inject, Injectable, type NestInterceptor, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ApiRefusal } from '../http/api-refusal';
import { DOES_NOT_READ } from '../http/does-not-read';
import { EscrowMetrics } from '../observability';
import { AppendedPositions, newerPosition as newer, type RequestAppends } from './appended-positions';

/** Response header: the global position a command appended at ("commit/prepare"). */
const POSITION_HEADER = 'x-escrow-position';
/** Request header: the newest position the client holds; reads wait (bounded) until the read models passed it. */
const READ_AFTER_HEADER = 'x-escrow-read-after';
/** Response header set when the wait timed out: the answer may not show the client's latest change yet. */
const STALE_HEADER = 'x-escrow-stale';
/** The same position for clients that keep cookies but not headers (curl -b, scripts). */
const READ_AFTER_COOKIE = 'escrow_read_after';

function positionOf(value: unknown): GlobalPosition | null {
  if (typeof value !== 'string' || value.length > 60) return null;
  try {
    return parsePosition(value);
  } catch {
    return null; // a malformed position only means the client waits for nothing
  }
}

/**
 * Read your writes (docs/design.md#read-your-writes). A command answers from the state its decider produced, at once,
 * and says where it appended (X-Escrow-Position, and a cookie). A request waits, bounded, until
 * every read model has passed the newest position the client carries, so its next read, or its
 * next command's access check, sees its own change wherever it was made. A read also waits for
 * the newest position this process appended at, so it shows the other party's change of a
 * moment ago; when the bound is hit the answer says so (X-Escrow-Stale) instead of being
 * silently stale. A command does not queue behind projectors for others' changes: when one is
 * refused by a read model that had not caught up with them yet, it is decided once more after
 * it has. Projectors meanwhile batch as they like.
 */
@Injectable()
export class ReadYourWrites implements NestInterceptor {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly appended: AppendedPositions,
    private readonly reflector: Reflector,
    @Optional() private readonly metrics?: EscrowMetrics,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    if (this.reflector.get<boolean>(DOES_NOT_READ, context.getHandler())) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.handle(request, reply, next));
  }

  private async handle(request: FastifyRequest, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const own = newer(positionOf(request.headers[READ_AFTER_HEADER]), positionOf(request.cookies?.[READ_AFTER_COOKIE]));
    const othersBefore = this.appended.newestInProcess;
    // A read waits for everything this process appended too (the other party's approval a moment
    // ago); a command only for the client's own writes, so commands never queue behind projectors.
    const readAfter = isRead ? newer(own, othersBefore) : own;
    const caughtUp = !readAfter || (await this.waitFor(readAfter, isRead ? 'read' : 'command'));
    // A command's answer comes from the write side: only a read's answer can be stale.
    if (!caughtUp && isRead) void reply.header(STALE_HEADER, 'true');
    if (isRead) this.metrics?.noteRead(!caughtUp);
    const store: RequestAppends = { appended: null };
    const run = () => this.appended.track(store, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    let answer: unknown;
    try {
      answer = await run();
    } catch (error) {
      if (store.appended || !mayBeLagging(error)) throw error;
      // Refused (not found, not allowed, not in that state) by read models still behind the
      // client's change: that refusal may not stand. Say so, and when to ask again, instead of a
      // 404 for the project the client has just created (another process answered, the worker
      // restarting). A position no event has reached yet is not the client's change: refuse as is.
      if (!caughtUp) throw (await this.appendedYet(readAfter!)) ? stillUpdating(reply) : error;
      // A command refused for what the read models did not show yet (a milestone proposed, a
      // project submitted a moment ago by the other party through this process) is decided once
      // more when they have caught up with it; a refusal that stands is answered as it was.
      if (isRead || !othersBefore) throw error;
      if (!(await this.waitFor(othersBefore, 'command'))) throw stillUpdating(reply);
      answer = await run();
    }
    if (store.appended) {
      const position = formatPosition(store.appended)!;
      void reply.header(POSITION_HEADER, position);
      const secure = request.protocol === 'https' || /^https:\/\//i.test(this.config.publicUrl);
      void reply.setCookie(READ_AFTER_COOKIE, position, { path: '/api', httpOnly: true, sameSite: 'strict', secure });
    }
    return answer;
  }

  /** Whether the store holds an event at or after this position (a client could send any). */
  private async appendedYet(position: GlobalPosition): Promise<boolean> {
    const newest = this.appended.newestInProcess;
    if (newest && comparePositions(newest, position) >= 0) return true;
    const head = await this.store.headPosition();
    return head !== null && comparePositions(head.position, position) >= 0;
  }

  private async waitFor(position: GlobalPosition, kind: 'read' | 'command'): Promise<boolean> {
    const started = performance.now();
    const caughtUp = await this.runner.waitFor(position, { timeoutMs: this.config.readYourWritesTimeoutMs });
    this.metrics?.noteReadYourWritesWait(kind, (performance.now() - started) / 1000, caughtUp);
    return caughtUp;
  }
}

/**
 * For a route that answers a command with a read of the read models (the retainage view after a
 * decision, a signed lien waiver's document): waits, bounded, until they have passed what this
 * request appended, so the answer shows the change it made.
 */
@Injectable()
export class OwnWrites {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly appended: AppendedPositions,
  ) {}

  async readable(): Promise<boolean> {
    const appended = this.appended.ofThisRequest;
    return !appended || this.runner.waitFor(appended, { timeoutMs: this.config.readYourWritesTimeoutMs });
  }
}

/** 503 with Retry-After: the read models are still catching up with a change this answer depends on. */
function stillUpdating(reply: FastifyReply): ApiRefusal<503> {
  void reply.header('retry-after', '1');
  return new ApiRefusal(503, 'read_model_behind', 'This was changed a moment ago and is still being updated. Try again in a moment.');
}

/** Refusals a read model behind by a moment can cause: not found, not allowed, not in that state. */
function mayBeLagging(error: unknown): boolean {
  if (error instanceof DomainError) return error.kind === 'forbidden' || error.kind === 'not_found' || error.kind === 'conflict';
  return error instanceof HttpException && [403, 404, 409].includes(error.getStatus());
}
