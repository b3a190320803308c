import { textProblem } from '@escrow/domain';
import type { FastifyInstance } from 'fastify';

import { sendError } from './error-answer';

/** No request of ours nests deeper than 3 (a milestone's payees); this leaves room and stops abuse. */
export const MAX_JSON_DEPTH = 20;

export const TOO_DEEP = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;
export const NUL_TEXT = 'Text cannot contain the NUL character (\\u0000); remove it and try again.';
export const SURROGATE_TEXT = 'Text cannot contain half of a UTF-16 surrogate pair (such as \\ud800 alone, a broken emoji); remove it and try again.';

/** What is wrong with a request's input: its message, code and the field at fault (empty for the body as a whole). */
interface InputProblem {
  code: 'body_too_deep' | 'unsafe_text';
  message: string;
  param: string;
}

function stringProblem(value: string): string | null {
  const problem = textProblem(value);
  return problem === 'nul' ? NUL_TEXT : problem === 'surrogate' ? SURROGATE_TEXT : null;
}

const childPath = (parent: string, key: string | number) => (typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`);

/**
 * What is wrong with a parsed value, if anything: nesting deeper than `limit`, or a NUL
 * character or a lone UTF-16 surrogate in a string or key, with the path of the field at fault.
 * Iterative, so a value of any depth is safe to inspect.
 */
export function inputProblem(value: unknown, limit = MAX_JSON_DEPTH): InputProblem | null {
  const stack: [unknown, number, string][] = [[value, 0, '']];
  while (stack.length) {
    const [node, depth, path] = stack.pop()!;
    if (typeof node === 'string') {
      const problem = stringProblem(node);
      if (problem) return { code: 'unsafe_text', message: problem, param: path };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return { code: 'body_too_deep', message: TOO_DEEP, param: '' };
    for (const [key, child] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
      const keyProblem = typeof key === 'string' ? stringProblem(key) : null;
      if (keyProblem) return { code: 'unsafe_text', message: keyProblem, param: path };
      stack.push([child, depth + 1, childPath(path, key)]);
    }
  }
  return null;
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
    if (problem) {
      const { param, ...rest } = problem;
      await sendError(reply, { statusCode: 400, ...rest, ...(param ? { param, errors: [{ param, message: problem.message }] } : {}) });
    }
  });
}
