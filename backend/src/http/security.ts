import { randomBytes } from 'node:crypto';

import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';

import type { AppConfig } from '../config/app-config';
import { isSecureRequest, XSRF_COOKIE } from './cookies';
import { refuseUnsafeInput } from './input-limits';

/**
 * Cookies, security headers and the CSRF cookie. Every response to a request without an
 * XSRF-TOKEN cookie sets one (readable by the page, which echoes it in X-XSRF-TOKEN), so the
 * first GET of the app or of /api/user arms every later POST.
 */
export async function registerSecurity(app: NestFastifyApplication, config: Pick<AppConfig, 'publicUrl'>): Promise<void> {
  await app.register(fastifyCookie as never);
  const fastify = app.getHttpAdapter().getInstance();
  // Built once: @fastify/helmet built helmet's middleware anew for every request, parsing the
  // policy each time (docs/performance-history.md, "Security headers built once").
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false, // set by the TLS terminator in front of us, which knows whether HTTPS is in use
  });
  fastify.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  refuseUnsafeInput(fastify);
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.cookies?.[XSRF_COOKIE]) {
      const token = randomBytes(24).toString('base64url');
      // Later hooks and handlers of this same request see it too.
      request.cookies = { ...request.cookies, [XSRF_COOKIE]: token };
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: isSecureRequest(request, config.publicUrl) });
    }
  });
  // API answers carry personal and financial data: no browser or shared cache may keep them.
  fastify.addHook('onSend', async (request, reply) => {
    if ((request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
