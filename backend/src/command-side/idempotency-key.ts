import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { idempotencyKeyOf } from './ids.service';

/**
 * The request's Idempotency-Key (8–100 safe characters), or null; a malformed one answers 400.
 * Its binding to one request is checked before the route runs (request-fingerprints.ts).
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | null =>
  idempotencyKeyOf(context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key']),
);
