import { createHash } from 'node:crypto';

import { unprocessable } from '@escrow/domain';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Pool } from 'pg';
import type { Observable } from 'rxjs';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { canonicalJson } from '../event-store/event-ids';
import type { RequestWithUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { idempotencyKeyOf } from './ids.service';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with each new request; repeat a key only to retry the very same request.';

const BINDS_ITS_OWN_KEY = 'escrow:binds-its-own-key';
/**
 * A route whose request is whole only once its handler has read it (an upload: its file streams
 * in after the handler started). The interceptor leaves its Idempotency-Key alone; the handler
 * binds it with `RequestFingerprints.bind` once it has the whole request (the file's hash), and
 * before it keeps anything.
 */
export const BindsItsOwnKey = () => SetMetadata(BINDS_ITS_OWN_KEY, true);

/**
 * An Idempotency-Key means one request. The first request with a key stores its fingerprint
 * (method, route and path, the actor, and the canonical JSON of its query and body; for an
 * upload, its file as it arrived too); a later request with the same key must be the same
 * request (a retry, answered as the first one was, from the current state) or it answers 422 and
 * changes nothing. Without this, "approve with K, then reject with K" answered 200 and dropped
 * the rejection, and "attach A with K, then B with K" answered with A and dropped B.
 */
@Injectable()
export class RequestFingerprints implements NestInterceptor {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const header = request.headers['idempotency-key'];
    if (!MUTATING.has(request.method) || header === undefined || !request.user) return next.handle();
    if (this.reflector.get<boolean>(BINDS_ITS_OWN_KEY, context.getHandler())) return next.handle();
    const key = idempotencyKeyOf(header)!;
    const path = request.url.split('?')[0];
    await this.bind(request.user.userId, key, `${request.method} ${path}`, {
      method: request.method,
      path,
      actor: request.user.userId,
      query: request.query ?? null,
      body: request.body ?? null,
    });
    return next.handle();
  }

  /**
   * Binds `key` to this request (`fingerprinted`: everything that makes it this request, the
   * same whatever the order of its JSON keys) if it is the key's first; else refuses with 422
   * `key_reused` unless the key's first request was this very one.
   */
  async bind(actorId: number, key: string, requestLine: string, fingerprinted: unknown): Promise<void> {
    const fingerprint = createHash('sha256').update(canonicalJson(fingerprinted)).digest('hex');
    const { rows } = await this.pool.query<{ fingerprint: string }>({
      name: 'escrow_request_fingerprint',
      text: `WITH fresh AS (
               INSERT INTO request_fingerprints (actor_id, key, fingerprint, request_line) VALUES ($1, $2, $3, $4)
               ON CONFLICT (actor_id, key) DO NOTHING RETURNING fingerprint)
             SELECT fingerprint FROM fresh`,
      values: [actorId, key, fingerprint, requestLine.slice(0, 300)],
    });
    if (rows.length > 0) return;
    // The key was used before (or by a copy of this request racing us): read what it was used for.
    const { rows: earlier } = await this.pool.query<{ fingerprint: string }>('SELECT fingerprint FROM request_fingerprints WHERE actor_id = $1 AND key = $2', [
      actorId,
      key,
    ]);
    if (earlier[0] && earlier[0].fingerprint !== fingerprint) throw unprocessable('idempotency_key_reused', KEY_REUSED);
  }
}

export class CreateRequestFingerprints1763800046000 implements MigrationInterface {
  name = 'CreateRequestFingerprints1763800046000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE request_fingerprints (
        actor_id     integer     NOT NULL,
        key          text        NOT NULL,
        fingerprint  text        NOT NULL,
        request_line text        NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (actor_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE request_fingerprints');
  }
}
