import { API_SCHEMAS } from '@escrow/domain';
import { applyDecorators, HttpStatus } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiCreatedResponse, ApiOkResponse, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

export const OPENAPI_UI_PATH = 'api/docs';
export const OPENAPI_JSON_PATH = 'api/docs-json';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The answer of a route, by the name of its shape in the API contract (domain/src/api): `'MilestoneView'`
 * for one, `['MilestoneView']` for a list. The status follows the route's own (201 for creations).
 */
export function Answers(shape: string | [string], status: HttpStatus.OK | HttpStatus.CREATED = HttpStatus.OK) {
  const schema = Array.isArray(shape) ? { type: 'array', items: ref(shape[0]) } : ref(shape);
  return applyDecorators(status === HttpStatus.CREATED ? ApiCreatedResponse({ schema }) : ApiOkResponse({ schema }));
}

const ERRORS: Record<string, string> = {
  '400': 'The request is malformed or breaks a rule of its fields; the message says which.',
  '401': 'Not logged in.',
  '403': 'Logged in, but not allowed to do this (not a party, wrong role, CSRF token missing).',
  '404': 'No such thing, or one the caller may not see (a draft is seen only by its creator).',
  '409': 'The escrow refuses it in the current state (not approved yet, a draft, a dispute open, …).',
  '422': 'Well formed but beyond what the escrow holds (an amount over the bound) or an Idempotency-Key used for another request.',
  '429': 'Too many attempts; Retry-After says when to try again.',
  '503': 'The database is unreachable for a moment; retry with the same Idempotency-Key.',
};
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The OpenAPI document of every route: request bodies from the DTOs' class-validator rules,
 * answers from the API contract's JSON Schemas, the error body and statuses, the session cookie,
 * the X-XSRF-TOKEN header of mutating requests and their optional Idempotency-Key.
 */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Escrow Ledger API')
    .setDescription(
      'Escrow and project payments for building projects. Every error answers `{ message, statusCode }`. ' +
        'Log in with POST /api/auth/login: the session is the httpOnly `sid` cookie. Mutating requests echo the ' +
        '`XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header. Commands take an optional `Idempotency-Key` (8–100 of ' +
        'A–Z a–z 0–9 - _ . :): a retry with the same key answers like the first request; another request with it answers 422.',
    )
    .setVersion('1')
    .addCookieAuth('sid', { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/auth/login.' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const dtoSchemas = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/', classValidatorMetadataStorage: getMetadataStorage() });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...(dtoSchemas as object), ...(rewriteRefs(API_SCHEMAS) as object) },
  };
  document.components.schemas!.ErrorBody = {
    type: 'object',
    required: ['message', 'statusCode'],
    properties: { message: { type: 'string', description: 'Written for the person who made the request.' }, statusCode: { type: 'integer' } },
  };
  for (const [, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations) as [
      string,
      { responses?: Record<string, unknown>; parameters?: unknown[]; security?: unknown[] },
    ][]) {
      if (typeof operation !== 'object' || !operation) continue;
      operation.responses ??= {};
      if (!Object.keys(operation.responses).some((status) => status.startsWith('2'))) {
        operation.responses[method === 'post' ? '201' : '200'] = { description: 'Done.', content: { 'application/json': { schema: { type: 'object' } } } };
      }
      for (const [status, description] of Object.entries(ERRORS)) {
        operation.responses[status] ??= { description, content: { 'application/json': { schema: ref('ErrorBody') } } };
      }
      if (MUTATING.has(method)) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: 'X-XSRF-TOKEN',
            in: 'header',
            required: false,
            description: 'The value of the XSRF-TOKEN cookie (required on every mutating request but the provider callbacks).',
            schema: { type: 'string' },
          },
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Makes a retry safe: the same key answers like the first request; another request with it answers 422.',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
          },
        ];
      }
    }
  }
  return document;
}

/** The contract's schemas refer to each other as `#/definitions/X`; OpenAPI wants components. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', '#/components/schemas/') : rewriteRefs(v)]),
    );
  }
  return value;
}

/** Serves the document at /api/docs-json and a browsable page at /api/docs. */
export function serveOpenApi(app: NestFastifyApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, { jsonDocumentUrl: OPENAPI_JSON_PATH, useGlobalPrefix: false });
  return document;
}
