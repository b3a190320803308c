import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { isSecureRequest } from '../http/cookies';
import type { IdentityCookies, WithCookies } from './caller';
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS } from './device-cookies';
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_COOKIE_OPTIONS, PendingLoginUsedUp } from './pending-logins';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from './sessions.service';

/** The values of identity's cookies a request carries, for a command. */
export function cookiesOf(request: FastifyRequest): IdentityCookies {
  const cookies = request.cookies ?? {};
  return { session: cookies[SESSION_COOKIE] ?? null, device: cookies[DEVICE_COOKIE] ?? null, pendingLogin: cookies[PENDING_LOGIN_COOKIE] ?? null };
}

/**
 * The HTTP edge of logins, sign-ups and logouts: sets the cookies their handlers answer. Cookies
 * get the Secure flag when the request came over HTTPS (directly, or through a proxy on this host
 * that says so), or whenever the site's public address is https — a TLS terminator on another
 * host is not trusted to say so, and the cookies must be Secure anyway.
 */
@Injectable()
export class LoginCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Sets the cookies of the outcome and answers its answer. A pending login used up by a refused
   * attempt loses its cookie too: it cannot be used again.
   */
  async answer<T>(request: FastifyRequest, reply: FastifyReply, outcome: Promise<WithCookies<T>>): Promise<T> {
    let done: WithCookies<T>;
    try {
      done = await outcome;
    } catch (error) {
      if (error instanceof PendingLoginUsedUp) reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_COOKIE_OPTIONS.path });
      throw error;
    }
    // In this order, as browsers have always received them: the pending login, the device, the session.
    const { pendingLogin, device, session } = done.cookies;
    const secure = isSecureRequest(request, this.config.publicUrl);
    if (pendingLogin === null) reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_COOKIE_OPTIONS.path });
    else if (pendingLogin !== undefined) reply.setCookie(PENDING_LOGIN_COOKIE, pendingLogin, { ...PENDING_LOGIN_COOKIE_OPTIONS, secure });
    if (device !== undefined) reply.setCookie(DEVICE_COOKIE, device, { ...DEVICE_COOKIE_OPTIONS, secure });
    if (session === null) reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_OPTIONS.path });
    else if (session !== undefined) reply.setCookie(SESSION_COOKIE, session, { ...SESSION_COOKIE_OPTIONS, secure });
    return done.answer;
  }
}
