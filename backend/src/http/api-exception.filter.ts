import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { errorAnswerOf, INTERNAL_ERROR, sendError } from './error-answer';
import { firstPaintData, withDataPreloads } from './first-paint-data';
import { preloadsFor, readRoutePreloads, type RoutePreload, withPreloads } from './route-preloads';

/**
 * Every error leaves in the one shape of docs/api-errors.md (`ErrorBody`: statusCode, code,
 * message, param, request_id). Unknown errors are logged and answered 500 without internals; a
 * lost database answers 503 so clients know to retry. GETs of unknown non-API paths fall back to
 * the single-page app.
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
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND && this.serveSpa(request, reply)) return;
    const route = request.routeOptions?.url;
    const answer = errorAnswerOf(exception, route !== undefined);
    if (!answer) {
      // The route's pattern, not its URL: a path or query may hold a token or an address.
      this.logger.error(`${request.method} ${route ?? '(no route)'} failed`, (exception as Error)?.stack ?? String(exception));
    }
    void sendError(reply, answer ?? INTERNAL_ERROR);
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
    // The page's own chunks named up front (modulepreload), so they load beside the entry, and
    // the answers its first paint waits for (preload), so they do not wait for the scripts.
    const html = withDataPreloads(withPreloads(this.indexHtml, preloadsFor(path, this.routePreloads)), firstPaintData(path));
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return true;
  }
}
