import type { FastifyRequest } from 'fastify';

/** The cookie the portal reads its CSRF token from and echoes in X-XSRF-TOKEN (docs/design.md#sessions-and-csrf). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Cookies are Secure when the request came over HTTPS or the public address is an https one. */
export function isSecureRequest(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || /^https:\/\//i.test(publicUrl);
}
