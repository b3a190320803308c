import type { DeadLetterRow } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { requireProjector } from '../projectors';

/** GET /api/admin/projections/{name}/dead-letters: the events a stopped projector could not apply, until a resume or rebuild clears them. */
export class ListDeadLetters extends Query<DeadLetterRow[]> {
  constructor(readonly name: string) {
    super();
  }
}

@QueryHandler(ListDeadLetters)
export class ListDeadLettersHandler implements IQueryHandler<ListDeadLetters> {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ name }: ListDeadLetters): Promise<DeadLetterRow[]> {
    requireProjector(this.runner, name);
    const { rows } = await this.pool.query<Omit<DeadLetterRow, 'failed_at'> & { failed_at: Date }>(
      `SELECT id, event_id, stream_id, position, type, data, error, failed_at FROM projection_dead_letters
        WHERE projector = $1 AND resolved_at IS NULL ORDER BY failed_at DESC LIMIT 100`,
      [name],
    );
    return rows.map((r) => ({ ...r, failed_at: r.failed_at.toISOString() }));
  }
}
