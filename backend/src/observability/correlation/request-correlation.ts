import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

import { REQUEST_ID_HEADER } from '../../http/request-id-header';
import { endRequestSpan, runInRequestSpan } from '../tracing/request-spans';
import { withCorrelation } from './correlation';
import { requestIdOf } from './request-id';

/** The route template of an API answer, for a trusted proxy's access log. */
const ROUTE_HEADER = 'x-route';

interface WithUser {
  user?: { userId: number } | null;
}

/**
 * Gives every request its id and runs the request under it (see Correlation), answers it in
 * X-Request-Id, and logs one line when the response is sent: method, route (the pattern, so no
 * id or token of the path is logged), status, duration and user. An incoming X-Request-Id is
 * taken only from the proxies fastify trusts for X-Forwarded-For (TRUSTED_PROXIES).
 *
 * A trusted proxy is also told the route of each API answer in X-Route, so that its access log
 * can name the route the same way instead of the URL (deploy/nginx.conf logs it and hides it).
 */
export function registerRequestCorrelation(fastify: FastifyInstance, trustedProxies: readonly string[], logger: Logger): void {
  const trusted = proxyAddr.compile([...trustedProxies]);
  fastify.addHook('onRequest', (request, reply, done) => {
    const remote = request.raw.socket?.remoteAddress;
    const fromTrustedProxy = remote !== undefined && trusted(remote, 0);
    const id = requestIdOf(request.headers[REQUEST_ID_HEADER], fromTrustedProxy);
    reply.header(REQUEST_ID_HEADER, id);
    // Routing ran before this hook; an unknown path has no route and is not named.
    const route = request.routeOptions.url;
    if (fromTrustedProxy && route?.startsWith('/api/')) reply.header(ROUTE_HEADER, route);
    withCorrelation({ correlationId: id, request: request as WithUser }, () => runInRequestSpan(request, done));
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    const userId = (request as WithUser).user?.userId;
    // The UI's files are served by the same server: an operator wants the API's requests.
    const level = request.url.startsWith('/api') ? 'info' : 'debug';
    logger[level](
      {
        requestId: reply.getHeader(REQUEST_ID_HEADER),
        ...(userId === undefined ? {} : { userId }),
        method: request.method,
        route: route ?? null,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    endRequestSpan(request, reply);
    done();
  });
}
