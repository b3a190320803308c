import { conflict, DomainError, rateLimited, unauthenticated } from '@escrow/domain';
import type { ArgumentsHost } from '@nestjs/common';

import { ApiExceptionFilter } from './api-exception.filter';

/** What the filter sends: status, headers and the error body, recorded from a stand-in reply. */
function answerTo(error: unknown) {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const reply = {
    sent: false,
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ method: 'POST', url: '/api/auth/login' }) }),
  } as unknown as ArgumentsHost;
  new ApiExceptionFilter(null).catch(error, host);
  return sent;
}

describe('the HTTP edge of domain errors', () => {
  it('answers each kind with its status and the message, and nothing else', () => {
    expect(answerTo(conflict('dispute_open', 'A dispute is already open.'))).toMatchObject({
      status: 409,
      body: { message: 'A dispute is already open.', statusCode: 409 },
    });
    expect(answerTo(conflict('x', 'y')).body).not.toHaveProperty('reason');
  });

  it('answers 401 with the reason the portal acts on', () => {
    expect(answerTo(unauthenticated('login_expired', 'Your login expired; sign in again.', 'login_expired'))).toMatchObject({
      status: 401,
      body: { message: 'Your login expired; sign in again.', statusCode: 401, reason: 'login_expired' },
    });
    expect(
      answerTo(new DomainError('forbidden', 'second_factor_required', 'Set up a second factor first.', { reason: 'second_factor_required' })).body,
    ).toEqual({
      message: 'Set up a second factor first.',
      statusCode: 403,
      reason: 'second_factor_required',
    });
  });

  it('answers 429 with Retry-After in whole seconds, at least one', () => {
    expect(answerTo(rateLimited('too_many_attempts', 'Too many attempts. Try again in 15 minutes.', 899_200))).toMatchObject({
      status: 429,
      headers: { 'retry-after': '900' },
      body: { message: 'Too many attempts. Try again in 15 minutes.', statusCode: 429 },
    });
    expect(answerTo(rateLimited('too_many_attempts', 'Wait.', 10)).headers['retry-after']).toBe('1');
  });
});
