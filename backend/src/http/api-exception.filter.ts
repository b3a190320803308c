import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DomainError, type DomainErrorKind } from '@escrow/domain';
import { isTransientDatabaseError } from '@escrow/projections';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { preloadsFor, readRoutePreloads, type RoutePreload, withPreloads } from './route-preloads';

/** Errors a request can cause by itself: their message is safe and useful to show. */
export interface ErrorBody {
  message: string;
  statusCode: number;
  /** Machine-readable cause the portal acts on (step_up_required, second_factor_required, email_unverified, admin_role, …). */
  reason?: string;
  /** With step_up_required: whether the user has a second factor to confirm with (else they are asked to enrol). */
  enrolled?: boolean;
}

/** The reason fields an exception's response may carry to the client (HttpException({ message, reason, enrolled })). */
function extrasOf(response: unknown): Pick<ErrorBody, 'reason' | 'enrolled'> {
  if (!response || typeof response !== 'object') return {};
  const { reason, enrolled } = response as { reason?: unknown; enrolled?: unknown };
  return { ...(typeof reason === 'string' ? { reason } : {}), ...(typeof enrolled === 'boolean' ? { enrolled } : {}) };
}

const STATUS_OF_DOMAIN_ERROR: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  gone: HttpStatus.GONE,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
};

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    if (Array.isArray(m)) return m.map(String).join('; ');
    if (typeof m === 'string') return m;
  }
  return fallback;
}

/**
 * Every error leaves as `{ message, statusCode }`. Unknown errors are logged and answered 500
 * without internals; a lost database answers 503 so clients know to retry. GETs of unknown
 * non-API paths fall back to the single-page app.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private indexHtml: string | null | undefined;
  private routePreloads: RoutePreload[] = [];

  constructor(private readonly frontendDist: string | null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === HttpStatus.NOT_FOUND && this.serveSpa(request, reply)) return;
      this.send(reply, status, messageOf(exception.getResponse(), exception.message), extrasOf(exception.getResponse()));
      return;
    }
    if (exception instanceof DomainError) {
      const { reason, retryAfterMs } = exception.details;
      if (retryAfterMs !== undefined && !reply.sent) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      this.send(reply, STATUS_OF_DOMAIN_ERROR[exception.kind], exception.message, reason ? { reason } : {});
      return;
    }
    const fastifyStatus = (exception as { statusCode?: number }).statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      this.send(reply, fastifyStatus, this.clientErrorText(exception as Error, fastifyStatus));
      return;
    }
    if (isTransientDatabaseError(exception)) {
      this.send(reply, HttpStatus.SERVICE_UNAVAILABLE, 'The service is temporarily unavailable (database unreachable). Please try again in a moment.');
      return;
    }
    // The route's pattern, not its URL: a path or query may hold a token or an address.
    this.logger.error(`${request.method} ${request.routeOptions?.url ?? '(no route)'} failed`, (exception as Error)?.stack ?? String(exception));
    this.send(reply, HttpStatus.INTERNAL_SERVER_ERROR, 'Something went wrong on our side. Please try again.');
  }

  private clientErrorText(error: Error, status: number): string {
    if (status === 415) return 'Send the request body as JSON (Content-Type: application/json).';
    if (status === 413) return 'The request body is too large.';
    if (/JSON/i.test(error.message)) return 'The request body is not valid JSON.';
    return error.message || 'Bad request.';
  }

  private send(reply: FastifyReply, status: number, message: string, extras: Pick<ErrorBody, 'reason' | 'enrolled'> = {}): void {
    if (reply.sent) return;
    void reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message, statusCode: status, ...extras } satisfies ErrorBody);
  }

  private serveSpa(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) return false;
    if (this.indexHtml === undefined) {
      const file = this.frontendDist ? join(this.frontendDist, 'index.html') : null;
      this.indexHtml = file && existsSync(file) ? readFileSync(file, 'utf8') : null;
      this.routePreloads = this.frontendDist ? readRoutePreloads(this.frontendDist) : [];
    }
    if (this.indexHtml === null) return false;
    // The page's own chunks named up front (modulepreload), so they load beside the entry.
    const html = withPreloads(this.indexHtml, preloadsFor(path, this.routePreloads));
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return true;
  }
}
