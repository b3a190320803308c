import { API_SCHEMAS, ERROR_CODES } from '@escrow/domain';
import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProduces, ApiResponse, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
// Where @Type(() => PayeeRequest) is kept; class-transformer exports it from this file only.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { dump } from 'js-yaml';

import { operationKey, type RouteErrorCodes } from './api-document-check';
import ROUTE_ERROR_CODES from './route-error-codes.json';

const OPENAPI_UI_PATH = 'api/docs';
const OPENAPI_JSON_PATH = 'api/docs-json';
const OPENAPI_YAML_PATH = 'api/docs-yaml';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An answer's shape by its name in the API contract: `'A'` one, `['A']` a list of them, `{ oneOf: ['A', 'B'] }` either. */
export type AnswerShape = string | [string] | { oneOf: string[] };

const schemaOf = (shape: AnswerShape): object =>
  Array.isArray(shape) ? { type: 'array', items: ref(shape[0]) } : typeof shape === 'string' ? ref(shape) : { oneOf: shape.oneOf.map(ref) };

/**
 * The answer of a route, by the name of its shape in the API contract (domain/src/api): `'MilestoneView'`
 * for one, `['MilestoneView']` for a list. The status follows the route's own (201 for creations,
 * 202 for work accepted to run later).
 */
export function Answers(shape: AnswerShape, status: HttpStatus.OK | HttpStatus.CREATED | HttpStatus.ACCEPTED = HttpStatus.OK) {
  return applyDecorators(ApiResponse({ status, description: HttpStatus[status], schema: schemaOf(shape) }));
}

/** A route that answers a file rather than JSON: its media type, and the text or bytes it sends. */
export function AnswersFile(mediaType: string, description: string) {
  return applyDecorators(
    ApiProduces(mediaType),
    ApiResponse({
      status: HttpStatus.OK,
      description,
      content: { [mediaType]: { schema: { type: 'string', format: mediaType.startsWith('text/') ? undefined : 'binary' } } },
    }),
  );
}

const ERRORS: Record<string, string> = {
  '400': 'The request is malformed or breaks a rule of its fields; `param` names the field (validation_failed).',
  '401': 'Not logged in, or the action needs a second factor confirmed lately (step_up_required).',
  '403': 'Logged in, but not allowed to do this (not a party, wrong role, CSRF token missing).',
  '404': 'No such thing, or one the caller may not see (a draft is seen only by its creator).',
  '409': 'The escrow refuses it in the current state (not approved yet, a draft, a dispute open, …).',
  '422': 'Well formed but beyond what the escrow holds (an amount over the bound) or an Idempotency-Key used for another request.',
  '414': 'A part of the path is longer than any id or code the API takes (path_parameter_too_long).',
  '429': 'Too many attempts; Retry-After says when to try again.',
  '500': 'Something failed on the server (internal_error); the request id finds it in the logs.',
  '503': 'The database is unreachable for a moment (database_unavailable); retry with the same Idempotency-Key.',
};
/** What any route that reads a body may answer before the route's own code runs. */
const BODY_ERRORS: Record<string, string> = {
  '413': 'The body is larger than the route takes (1 MB of JSON; an upload over ATTACHMENT_MAX_MB).',
  '415': 'The body is of a media type the route does not read (JSON; multipart/form-data for uploads).',
};
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('ErrorBody') } } });

/**
 * The catalogue of codes in the schema of `code` (ErrorBody): the enum the contract's generator
 * wrote, with what each means (`x-enum-descriptions`, in the enum's order) and its status.
 */
function describeErrorCodes(schema: Record<string, unknown>): void {
  const meanings = new Map(
    Object.entries(ERROR_CODES).flatMap(([status, codes]) => Object.entries(codes).map(([code, meaning]) => [code, `${status}: ${meaning}`])),
  );
  const codes = (schema.enum as string[] | undefined) ?? [];
  schema.description = 'The stable machine code of an error answer (docs/api-errors.md); clients decide on it, never on the message.';
  schema['x-enum-descriptions'] = codes.map((code) => meanings.get(code) ?? '');
}

/**
 * Codes any route may answer whatever it does, before or around its own code: the URL and the
 * input limits, the read-your-writes bound, a lost database, a bug. A route with a body adds what reading it and checking its CSRF token and
 * Idempotency-Key may refuse. Listed on every route so that the check of the document (which
 * fails on a code a route's list lacks) asks only for the codes of the route's own logic.
 */
const ANY_ROUTE_CODES: RouteErrorCodes[string] = {
  '400': ['malformed_url', 'unsafe_text'],
  '414': ['path_parameter_too_long'],
  '500': ['internal_error'],
  '503': ['database_unavailable', 'read_model_behind', 'service_unavailable'],
};
const BODY_CODES: RouteErrorCodes[string] = {
  '400': ['body_too_deep', 'idempotency_key_format', 'json_prototype_key', 'malformed_json'],
  '403': ['csrf_token_invalid'],
  '413': ['payload_too_large'],
  '415': ['unsupported_media_type'],
  '422': ['idempotency_key_reused'],
};

/**
 * A route that needs a session (it answers login_required) answers a cookie renewed by another
 * request with session_rotated; routes that need none answer it as a visitor (docs/security.md).
 */
const SESSION_CODES: RouteErrorCodes[string] = { '401': ['session_rotated'] };
const needsSession = (codes: RouteErrorCodes[string] | undefined) => codes?.['401']?.includes('login_required') === true;

/** The codes of several lists, by status, each once and sorted. */
function mergeCodes(...lists: (RouteErrorCodes[string] | undefined)[]): RouteErrorCodes[string] {
  const merged: Record<string, Set<string>> = {};
  for (const list of lists) for (const [status, codes] of Object.entries(list ?? {})) for (const code of codes) (merged[status] ??= new Set()).add(code);
  return Object.fromEntries(Object.entries(merged).map(([status, codes]) => [status, [...codes].sort()]));
}

/**
 * The codes a route answers, status by status: those of any route, and its own as the test
 * suites met them (route-error-codes.json, written by `node scripts/check-api-calls.mjs
 * --write-codes`), in the response's description for people and in `x-error-codes` for tools
 * and for the check that fails on a code the document lacks.
 */
function listRouteCodes(responses: Record<string, unknown>, codes: RouteErrorCodes[string]): void {
  for (const [status, list] of Object.entries(codes)) {
    const response = (responses[status] ??= errorAnswer(ERRORS[status] ?? BODY_ERRORS[status] ?? 'Refused.')) as {
      description: string;
      'x-error-codes'?: string[];
    };
    response['x-error-codes'] = list;
    response.description = `${response.description} Codes: ${list.map((code) => `\`${code}\``).join(', ')}.`;
  }
}

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: object };

/**
 * The query parameters each route reads, by operation id (`<Controller>_<method>`,
 * @nestjs/swagger's), that Nest's document leaves out: the fields of a request DTO the whole
 * query is read into (`@Query() query: SearchCompaniesRequest`), which carry class-validator rules
 * rather than @ApiProperty, and a parameter read by name as `unknown` (`@Query('status')`), which
 * the route checks itself.
 */
function queryParametersByOperation(app: NestFastifyApplication): Map<string, Parameter[]> {
  const found = new Map<string, Parameter[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) ?? {}) as Record<string, { index: number; data?: unknown }>;
        const types = (Reflect.getMetadata('design:paramtypes', metatype.prototype, method) ?? []) as (new () => object)[];
        const parameters = Object.entries(args)
          .filter(([key]) => Number(key.split(':')[0]) === RouteParamtypes.QUERY)
          .flatMap(([, arg]): Parameter[] => {
            if (typeof arg.data === 'string') return [{ name: arg.data, in: 'query', required: false, schema: { type: 'string' } }];
            const dto = types[arg.index];
            return dto ? queryParameters(dto) : [];
          });
        if (parameters.length) found.set(`${metatype.name}_${method}`, parameters);
      }
    }
  }
  return found;
}

/** One query parameter per field of a request DTO, required unless @IsOptional, with its class-validator schema. */
function queryParameters(dto: new () => object): Parameter[] {
  const schema = targetConstructorToSchema(dto, { classTransformerMetadataStorage: defaultMetadataStorage, refPointerPrefix: '#/components/schemas/' });
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: toOpenApi30(property) as object,
  }));
}

/**
 * The OpenAPI document of every route: request bodies from the DTOs' class-validator rules,
 * answers from the API contract's JSON Schemas, the error body and statuses, the session cookie,
 * the X-XSRF-TOKEN header of mutating requests and their optional Idempotency-Key.
 */
function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Escrow Ledger API')
    .setDescription(
      'Escrow and project payments for building projects. Every 4xx and 5xx answers one shape (ErrorBody: ' +
        '`{ statusCode, code, message, param?, errors?, request_id }`): decide on `code`, show `message`, quote `request_id` ' +
        '(also the X-Request-Id header) to support. Each response lists the codes the route answers (`x-error-codes`). ' +
        'Log in with POST /api/auth/login: the session is the httpOnly `sid` cookie. Mutating requests echo the ' +
        '`XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header. Commands take an optional `Idempotency-Key` (8–100 of ' +
        'A–Z a–z 0–9 - _ . :): a retry with the same key answers like the first request; another request with it answers 422.',
    )
    .setVersion('1')
    .addCookieAuth('sid', { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/auth/login.' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // class-transformer's @Type names the item class of an array (TypeScript's metadata says only
  // Array): without it a list of payees would refer to a schema "Array" that does not exist.
  const dtoSchemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classValidatorMetadataStorage: getMetadataStorage(),
    classTransformerMetadataStorage: defaultMetadataStorage,
  });
  document.components = {
    ...document.components,
    schemas: toOpenApi30Map({ ...document.components?.schemas, ...dtoSchemas, ...API_SCHEMAS }) as Record<string, object>,
  };
  describeErrorCodes(document.components.schemas!.ErrorCode as Record<string, unknown>);
  const routeCodes = ROUTE_ERROR_CODES as RouteErrorCodes;
  const queries = queryParametersByOperation(app);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations) as [
      string,
      { operationId?: string; responses?: Record<string, unknown>; parameters?: Parameter[]; security?: unknown[] },
    ][]) {
      if (typeof operation !== 'object' || !operation) continue;
      const query = operation.operationId ? queries.get(operation.operationId) : undefined;
      if (query) {
        // What the route declares itself (@ApiQuery, with its description) stands.
        const declared = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        operation.parameters = [...(operation.parameters ?? []), ...query.filter((p) => !declared.has(p.name))];
      }
      operation.responses ??= {};
      if (!Object.keys(operation.responses).some((status) => status.startsWith('2'))) {
        operation.responses[method === 'post' ? '201' : '200'] = { description: 'Done.', content: { 'application/json': { schema: { type: 'object' } } } };
      }
      for (const [status, description] of Object.entries(ERRORS)) operation.responses[status] ??= errorAnswer(description);
      if (MUTATING.has(method)) {
        for (const [status, description] of Object.entries(BODY_ERRORS)) operation.responses[status] ??= errorAnswer(description);
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
      const own = routeCodes[operationKey(method, path)];
      listRouteCodes(
        operation.responses,
        mergeCodes(ANY_ROUTE_CODES, MUTATING.has(method) ? BODY_CODES : undefined, needsSession(own) ? SESSION_CODES : undefined, own),
      );
    }
  }
  return document;
}

/** Keywords whose value maps names (a property called "type", say) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

/** A map of names to schemas: components.schemas, a schema's properties. */
function toOpenApi30Map(map: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map as Record<string, unknown>).map(([name, schema]) => [name, toOpenApi30(schema)]));
}

const isNullType = (schema: unknown) => typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'null';

/**
 * The JSON Schema the contract's generator and class-validator-jsonschema write, in the dialect
 * of OpenAPI 3.0 (which client generators and validators read): references to components instead
 * of `#/definitions/X`; `nullable: true` instead of a `"null"` type (`type: ["string", "null"]`,
 * `anyOf: [X, {type: "null"}]`, `not: {type: "null"}`); `enum` instead of `const`; and a
 * reference with other keywords beside it wrapped in `allOf`, where those keywords count.
 */
function toOpenApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toOpenApi30);
  if (!value || typeof value !== 'object') return value;
  const { $ref, type, anyOf, not, const: constant, ...rest } = value as Record<string, unknown>;
  const schema: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, v]) => [key, SCHEMA_MAPS.has(key) ? toOpenApi30Map(v) : toOpenApi30(v)]),
  );
  if (constant !== undefined) schema.enum = [constant];
  if (not !== undefined && !isNullType(not)) schema.not = toOpenApi30(not);
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    if (types.length < type.length) schema.nullable = true;
    if (types.length === 1) schema.type = types[0];
    else schema.anyOf = types.map((t) => ({ type: t }));
  } else if (type !== undefined) schema.type = type;
  if (Array.isArray(anyOf)) {
    const options = anyOf.filter((option) => !isNullType(option)).map(toOpenApi30) as Record<string, unknown>[];
    const nullable = options.length < anyOf.length;
    if (options.length === 1 && !('$ref' in options[0]!)) Object.assign(schema, options[0], nullable ? { nullable: true } : {});
    else if (options.length === 1) Object.assign(schema, { allOf: options }, nullable ? { nullable: true } : {});
    else Object.assign(schema, { anyOf: options }, nullable ? { nullable: true } : {});
  }
  if (typeof $ref === 'string') {
    const target = { $ref: $ref.replace('#/definitions/', '#/components/schemas/') };
    if (Object.keys(schema).length === 0) return target;
    // OpenAPI 3.0 ignores what stands beside a $ref (a description, a "type": "object" a DTO adds).
    return { allOf: [target], ...schema };
  }
  return schema;
}

/**
 * Serves the document at /api/docs-json and /api/docs-yaml and a browsable page at /api/docs;
 * returns it, built on first use.
 *
 * The document and its JSON and YAML texts are made once per process: @nestjs/swagger's own
 * routes serialise the whole document on every request (the YAML took 10 ms of CPU a request),
 * which anyone could repeat to tie up a process. Each is made on its first request rather than
 * at start-up, where together they took about 250 ms of every process's start (most processes
 * never serve them).
 */
export function serveOpenApi(app: NestFastifyApplication): () => OpenAPIObject {
  const document = once(() => buildOpenApiDocument(app));
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, { raw: false, useGlobalPrefix: false });
  const json = once(() => JSON.stringify(document()));
  const yaml = once(() => dump(document(), { skipInvalid: true, noRefs: true }));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(`/${OPENAPI_JSON_PATH}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(json()));
  fastify.get(`/${OPENAPI_YAML_PATH}`, (_request, reply) => reply.type('text/yaml; charset=utf-8').send(yaml()));
  return document;
}

/** `make()`'s value, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
