import type { CertifierInvitationPreview } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { usableCertifierInvitation } from '../certifier-invitations';

/** GET /api/certifier-invitations/{code}: what the landing page shows of a certifier invitation. */
export class CheckCertifierInvitation extends Query<CertifierInvitationPreview> {
  constructor(readonly code: string) {
    super();
  }
}

@QueryHandler(CheckCertifierInvitation)
export class CheckCertifierInvitationHandler implements IQueryHandler<CheckCertifierInvitation> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
  ) {}

  async execute({ code }: CheckCertifierInvitation): Promise<CertifierInvitationPreview> {
    const row = await usableCertifierInvitation(this.pool, this.streams, code, new Date().toISOString());
    const { rows } = await this.pool.query('SELECT 1 FROM users WHERE email = $1 AND deleted_at IS NULL', [row.email]);
    return {
      job_id: row.job_id,
      project_name: row.project_name ?? `Project ${row.job_id}`,
      inviter_name: row.inviter_name ?? 'The buyer',
      email: row.email,
      expires_at: row.expires_at.toISOString(),
      account: rows.length === 0 ? 'new' : 'existing',
    };
  }
}
