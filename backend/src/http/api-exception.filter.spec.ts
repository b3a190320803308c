import { conflict, DomainError, ERROR_CODES, type ErrorBody, forbidden, invalid, notFound, rateLimited, unauthenticated, unprocessable } from '@escrow/domain';
import { type ArgumentsHost, BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { IsInt, IsString, Min, ValidateNested, validateSync } from 'class-validator';

import { ApiExceptionFilter } from './api-exception.filter';
import { ApiRefusal, invalidParam } from './api-refusal';
import { validationRefusal } from './validation';

const REQUEST_ID = '0b7c6e3e-5c1e-4f57-9d1b-0e1f3f7a9c11';

/** What the filter sends: status, headers and the error body, recorded from a stand-in reply. */
function answerTo(error: unknown, route: string | null = '/api/auth/login') {
  const sent = { status: 0, headers: { 'x-request-id': REQUEST_ID } as Record<string, string>, body: undefined as unknown as ErrorBody };
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
    getHeader: (name: string) => sent.headers[name],
    send(body: ErrorBody) {
      sent.body = body;
      return reply;
    },
  };
  const request = { method: 'POST', url: '/api/auth/login', routeOptions: { url: route ?? undefined } };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter(null).catch(error, host);
  return sent;
}

const ALL_CODES = new Set(Object.values(ERROR_CODES).flatMap((codes) => Object.keys(codes)));
const statusOfCode = (code: string) => Number(Object.entries(ERROR_CODES).find(([, codes]) => code in codes)?.[0]);

/** Every answer: the status in the body too, a code of the catalogue filed under that status, a message, the request's id. */
function expectOneShape(sent: ReturnType<typeof answerTo>) {
  expect(sent.body.statusCode).toBe(sent.status);
  expect(ALL_CODES.has(sent.body.code)).toBe(true);
  expect(statusOfCode(sent.body.code)).toBe(sent.status);
  expect(typeof sent.body.message).toBe('string');
  expect(sent.body.message.length).toBeGreaterThan(0);
  expect(sent.body.request_id).toBe(sent.headers['x-request-id']);
  expect(sent.headers['content-type']).toBe('application/json; charset=utf-8');
}

class Payee {
  @IsString({ message: 'type must be fixed, percent or remainder.' }) type!: unknown;
  @IsInt({ message: 'jc_id must be a company id.' }) @Min(1) jc_id!: unknown;
}
class Milestone {
  @IsString({ message: 'title must be text.' }) title!: unknown;
  @ValidateNested({ each: true }) payees!: Payee[];
}

describe('the one error shape of the HTTP edge', () => {
  it('answers each kind of domain error with its status, its code and its message', () => {
    const cases: [DomainError, number][] = [
      [invalid('email_invalid', 'Please enter a valid email address.'), 400],
      [unauthenticated('wrong_password', 'That password is not correct.'), 401],
      [forbidden('buyer_only', 'Only the buyer can deposit funds.'), 403],
      [notFound('no_such_project', 'There is no such project.'), 404],
      [conflict('dispute_open', 'A dispute is already open.'), 409],
      [unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for a different request.'), 422],
    ];
    for (const [error, status] of cases) {
      const sent = answerTo(error);
      expectOneShape(sent);
      expect(sent.body).toEqual({ statusCode: status, code: error.code, message: error.message, request_id: REQUEST_ID });
    }
  });

  it('keeps a spec text exactly as the message, beside its code', () => {
    expect(answerTo(invalid('email_unknown', "We couldn't find an account with that email address.")).body).toMatchObject({
      statusCode: 400,
      code: 'email_unknown',
      message: "We couldn't find an account with that email address.",
    });
  });

  it('answers 429 with its code and Retry-After in whole seconds, at least one', () => {
    const sent = answerTo(rateLimited('too_many_attempts', 'Too many attempts. Try again in 15 minutes.', 899_200));
    expectOneShape(sent);
    expect(sent).toMatchObject({
      status: 429,
      headers: { 'retry-after': '900' },
      body: { code: 'too_many_attempts', message: 'Too many attempts. Try again in 15 minutes.' },
    });
    expect(answerTo(rateLimited('too_many_attempts', 'Wait.', 10)).headers['retry-after']).toBe('1');
  });

  it('answers the refusals of guards and pipes with their code and their details', () => {
    const stepUp = answerTo(new ApiRefusal(401, 'step_up_required', 'Confirm it is you.', { enrolled: true }));
    expectOneShape(stepUp);
    expect(stepUp.body).toEqual({ statusCode: 401, code: 'step_up_required', message: 'Confirm it is you.', enrolled: true, request_id: REQUEST_ID });
    expect(answerTo(new ApiRefusal(403, 'second_factor_required', 'Set up a second factor first.')).body).toEqual({
      statusCode: 403,
      code: 'second_factor_required',
      message: 'Set up a second factor first.',
      request_id: REQUEST_ID,
    });
    const page = answerTo(invalidParam('page', 'page must be a whole number from 1.'));
    expectOneShape(page);
    expect(page.body).toMatchObject({ code: 'validation_failed', param: 'page', errors: [{ param: 'page', message: 'page must be a whole number from 1.' }] });
  });

  it('names the first field at fault of a body, and lists every one, nested fields by their path', () => {
    const body = Object.assign(new Milestone(), {
      title: 7,
      payees: [Object.assign(new Payee(), { type: 'fixed', jc_id: 3 }), Object.assign(new Payee(), { type: 1, jc_id: 'x' })],
    });
    const sent = answerTo(validationRefusal(validateSync(body)));
    expectOneShape(sent);
    expect(sent.body).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: 'title must be text.',
      param: 'title',
      errors: [
        { param: 'title', message: 'title must be text.' },
        { param: 'payees[1].type', message: 'type must be fixed, percent or remainder.' },
        { param: 'payees[1].jc_id', message: 'jc_id must be a company id.' },
      ],
    });
  });

  it('gives the framework’s own errors a fixed code each', () => {
    const cases: [unknown, Partial<ErrorBody>, string | null][] = [
      [new NotFoundException('Cannot GET /api/nothing-here'), { statusCode: 404, code: 'route_not_found', message: 'Cannot GET /api/nothing-here' }, null],
      [new NotFoundException('Nothing.'), { statusCode: 404, code: 'not_found' }, '/api/job/:id'],
      [new BadRequestException('Validation failed (uuid is expected)'), { statusCode: 400, code: 'bad_request' }, '/api/x'],
      [Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), { statusCode: 400 }), { statusCode: 400, code: 'malformed_json' }, '/api/x'],
      [
        Object.assign(new Error("Body cannot be empty when content-type is set to 'application/json'"), {
          statusCode: 400,
          code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
        }),
        { statusCode: 400, code: 'malformed_json' },
        '/api/x',
      ],
      [Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), { statusCode: 415, code: 'unsupported_media_type' }, '/api/x'],
      [Object.assign(new Error('Request body is too large'), { statusCode: 413 }), { statusCode: 413, code: 'payload_too_large' }, '/api/x'],
    ];
    for (const [error, expected, route] of cases) {
      const sent = answerTo(error, route);
      expectOneShape(sent);
      expect(sent.body).toMatchObject(expected);
    }
  });

  it('answers 503 database_unavailable for a lost database, and 500 internal_error without internals for the unexpected', () => {
    const lost = answerTo(Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' }));
    expectOneShape(lost);
    expect(lost.body.code).toBe('database_unavailable');
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const sent = answerTo(new TypeError("Cannot read properties of undefined (reading 'secret_column')"));
      expectOneShape(sent);
      expect(sent.body).toEqual({
        statusCode: 500,
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
        request_id: REQUEST_ID,
      });
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });

  it('sends no field that is not in the contract (no reason, no stack)', () => {
    const allowed = new Set(['statusCode', 'code', 'message', 'param', 'errors', 'request_id', 'enrolled']);
    for (const error of [conflict('dispute_open', 'x'), new ApiRefusal(401, 'step_up_required', 'y', { enrolled: false }), new Error('z')]) {
      const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const keys = Object.keys(answerTo(error).body);
      log.mockRestore();
      expect(keys.filter((key) => !allowed.has(key))).toEqual([]);
    }
  });
});
