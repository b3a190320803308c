import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { DomainError, type DomainErrorKind, type ErrorBody, type ErrorCode } from '@escrow/domain';
import { isTransientDatabaseError } from '@escrow/projections';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { ApiRefusal } from './api-refusal';
import { PROTOTYPE_KEY } from './json-body';
import { REQUEST_ID_HEADER } from './request-id-header';

/** An error answer before it is sent: the body but its request id, and when to try again. */
type ErrorAnswer = Omit<ErrorBody, 'request_id'> & { retryAfterSeconds?: number };

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

/**
 * The code of an error that names none: Nest's and fastify's own (an unknown route, a pipe of
 * Nest's, a body fastify could not read). Our code names its codes (DomainError, ApiRefusal).
 */
function codeOfStatus(status: number, routed: boolean): ErrorCode {
  if (status === 404) return routed ? 'not_found' : 'route_not_found';
  if (status === 401) return 'login_required';
  if (status === 403) return 'no_access';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 503) return 'service_unavailable';
  return status >= 500 ? 'internal_error' : 'bad_request';
}

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    if (Array.isArray(m)) return m.map(String).join('; ');
    if (typeof m === 'string') return m;
  }
  return fallback;
}

type FastifyClientError = Error & { statusCode: number; code?: string };

/** An error fastify raised itself for the client's request (FST_ERR_CTP_INVALID_JSON_BODY, …), as Nest 12 passes it on: alone, or as an HttpException's cause. */
function fastifyClientErrorOf(exception: unknown): FastifyClientError | null {
  const error = exception instanceof HttpException ? exception.cause : exception;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500 ? (error as FastifyClientError) : null;
}

const MALFORMED_JSON = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** Fastify's own client errors (it reads bodies before any route runs): their code, and a message a person can act on. */
function fastifyClientError(error: FastifyClientError): ErrorAnswer {
  const status = error.statusCode;
  if (status === 415) return { statusCode: status, code: 'unsupported_media_type', message: 'Send the request body as JSON (Content-Type: application/json).' };
  if (status === 413) return { statusCode: status, code: 'payload_too_large', message: 'The request body is too large.' };
  // An older fastify raised the parser's SyntaxError with no code of its own.
  if (error.code === PROTOTYPE_KEY)
    return {
      statusCode: status,
      code: 'json_prototype_key',
      message: 'The request body may not hold a "__proto__" key, or a "constructor" key holding "prototype": remove it and send the request again.',
    };
  if (MALFORMED_JSON.has(error.code ?? '') || error instanceof SyntaxError)
    return { statusCode: status, code: 'malformed_json', message: 'The request body is not valid JSON.' };
  return { statusCode: status, code: codeOfStatus(status, true), message: error.message || 'Bad request.' };
}

/**
 * What to answer for an error, or null for one the request did not cause (a bug, an outage
 * other than the database's), which the caller logs and answers 500 `internal_error`.
 * `routed`: whether a route matched the request (a 404 without one is `route_not_found`).
 */
export function errorAnswerOf(exception: unknown, routed: boolean): ErrorAnswer | null {
  if (exception instanceof ApiRefusal) {
    const status = exception.getStatus();
    return { statusCode: status, code: exception.code, message: exception.message, ...exception.extras };
  }
  if (exception instanceof DomainError) {
    const { retryAfterMs } = exception.details;
    return {
      statusCode: STATUS_OF_DOMAIN_ERROR[exception.kind],
      code: exception.code,
      message: exception.message,
      ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }),
    };
  }
  const fastifyError = fastifyClientErrorOf(exception);
  if (fastifyError) return fastifyClientError(fastifyError);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return { statusCode: status, code: codeOfStatus(status, routed), message: messageOf(exception.getResponse(), exception.message) };
  }
  if (isTransientDatabaseError(exception)) {
    return {
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'database_unavailable',
      message: 'The service is temporarily unavailable (database unreachable). Please try again in a moment.',
    };
  }
  return null;
}

export const INTERNAL_ERROR: ErrorAnswer = {
  statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
  code: 'internal_error',
  message: 'Something went wrong on our side. Please try again.',
};

/**
 * Sends an error answer in the one shape of every 4xx and 5xx (ErrorBody), with the request's
 * id (the X-Request-Id the correlation hook set) and Retry-After when there is a wait.
 */
export function sendError(reply: FastifyReply, answer: ErrorAnswer): FastifyReply | undefined {
  if (reply.sent) return undefined;
  const { retryAfterSeconds, ...fields } = answer;
  if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
  let requestId = reply.getHeader(REQUEST_ID_HEADER);
  if (typeof requestId !== 'string') {
    // A request fastify refused before its hooks ran (a malformed URL) has no id yet.
    requestId = randomUUID();
    void reply.header(REQUEST_ID_HEADER, requestId);
  }
  const body: ErrorBody = { ...fields, request_id: requestId };
  return reply.status(answer.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
}

/** What fastify cannot route at all, by its error's code: the URL's %-encoding is broken, or a path parameter is longer than fastify takes. */
const FRAMEWORK_ERRORS: Record<string, ErrorAnswer> = {
  FST_ERR_BAD_URL: { statusCode: 400, code: 'malformed_url', message: 'The URL is not valid (a broken %-encoding); check the link.' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, code: 'path_parameter_too_long', message: 'A part of the path is longer than any id or code this API takes.' },
};

/**
 * Fastify's answer to a request it cannot route (given to the adapter as `frameworkErrors`), so
 * it too answers the one shape rather than fastify's own body.
 */
export function answerFrameworkError(error: Error & { code?: string }, _request: unknown, reply: FastifyReply): void {
  void sendError(reply, FRAMEWORK_ERRORS[error.code ?? ''] ?? INTERNAL_ERROR);
}

/** What Node's HTTP parser refuses before fastify has a request, by the parser's error code. */
const CLIENT_ERRORS: Record<string, ErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    code: 'headers_too_large',
    message: "The request's headers are too large (the URL and cookies count): shorten the link or clear this site's cookies.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, code: 'request_timeout', message: 'The request did not arrive whole in time: send it again.' },
};
const MALFORMED_REQUEST: ErrorAnswer = { statusCode: 400, code: 'malformed_request', message: 'The request is not valid HTTP; check the client that sent it.' };

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's parser could not read (headers
 * over 16 KB, a request line that is not HTTP, one that came too slowly), in the one shape with
 * a request id, where fastify's default wrote a body of its own with no code. There is no
 * request, so no hook ran and nothing is logged but by the caller's own proxy; the connection
 * is closed, as Node does, since what follows on it cannot be read either.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { retryAfterSeconds: _none, ...fields } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const requestId = randomUUID();
  const body = JSON.stringify({ ...fields, request_id: requestId } satisfies ErrorBody);
  if (socket.writable)
    socket.write(
      [
        `HTTP/1.1 ${fields.statusCode} ${STATUS_CODES[fields.statusCode]}`,
        'Connection: close',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${REQUEST_ID_HEADER}: ${requestId}`,
        '',
        body,
      ].join('\r\n'),
    );
  socket.destroy(error);
}
