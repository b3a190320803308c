import { textProblem } from '@escrow/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** No request of ours nests deeper than 3 (a milestone's payees); this leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 20;

export const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
export const NUL_TEXT = 'Text cannot contain the NUL character (\\u0000); remove it and try again.';
export const SURROGATE_TEXT = 'Text cannot contain half of a UTF-16 surrogate pair (such as \\ud800 alone, a broken emoji); remove it and try again.';

function stringProblem(value: string): string | null {
  const problem = textProblem(value);
  return problem === 'nul' ? NUL_TEXT : problem === 'surrogate' ? SURROGATE_TEXT : null;
}

/**
 * What is wrong with a parsed value, if anything: nesting deeper than `limit`, or a NUL
 * character or a lone UTF-16 surrogate in a string or key. Iterative, so a value of any depth is safe to inspect.
 */
export function inputProblem(value: unknown, limit = MAX_JSON_DEPTH): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      const problem = stringProblem(node);
      if (problem) return problem;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return TOO_DEEP;
    for (const [key, child] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      const keyProblem = typeof key === 'string' ? stringProblem(key) : null;
      if (keyProblem) return keyProblem;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

function refuse(reply: FastifyReply, message: string) {
  return reply.code(400).header('content-type', 'application/json; charset=utf-8').send({ message, statusCode: 400 });
}

/**
 * Refuses, before any handler runs, two kinds of input the fuzz suite turned into 500s:
 * - bodies nested thousands of levels deep: the validation pipe's class-transformer walks bodies
 *   recursively and overflowed the stack;
 * - the NUL character or a lone surrogate (\ud800) in a body, path parameter or query value:
 *   PostgreSQL cannot store either in text or jsonb and fails the statement.
 */
export function refuseUnsafeInput(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    const problem = inputProblem(request.params) ?? inputProblem(request.query) ?? (request.body === undefined ? null : inputProblem(request.body));
    if (problem) await refuse(reply, problem);
  });
}
