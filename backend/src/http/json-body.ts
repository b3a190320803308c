import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: Buffer, done: Done) => void;

/** The code of the refusal below, for `error-answer.ts`; never sent as such (it answers `json_prototype_key`). */
export const PROTOTYPE_KEY = 'ESCROW_JSON_PROTOTYPE_KEY';

/**
 * Fastify's own JSON body parser (secure-json-parse, which refuses a `__proto__` key and a
 * `constructor` key holding `prototype`: copied onto another object, either would change what
 * objects inherit), telling apart the two reasons it refuses a body that it merges into one
 * (FST_ERR_CTP_INVALID_JSON_BODY, "not valid JSON"): a body that is valid JSON and was refused
 * for such a key is answered 400 `json_prototype_key`, which names the key, so that the caller
 * does not hunt for a syntax error. JSON.parse runs again only for a refused body.
 */
export function jsonBodyParser(fastify: FastifyInstance): JsonParser {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig as { onProtoPoisoning?: string; onConstructorPoisoning?: string };
  const parse = fastify.getDefaultJsonParser((onProtoPoisoning ?? 'error') as 'error', (onConstructorPoisoning ?? 'error') as 'error') as unknown as (
    request: FastifyRequest,
    body: Buffer | string,
    done: Done,
  ) => void;
  return (request, body, done) =>
    parse(request, body, (error, parsed) => {
      if (error && (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isJson(body))
        return done(
          Object.assign(new Error('The request body holds a "__proto__" key, or a "constructor" key holding "prototype".'), {
            statusCode: 400,
            code: PROTOTYPE_KEY,
          }),
        );
      done(error, parsed);
    });
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
