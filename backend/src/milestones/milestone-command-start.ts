import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, milestoneStream } from '../command-side';
import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../infrastructure/database/one-round-trip';
import { ProjectAccess } from '../read-models';

/**
 * The start of every command on a milestone: who may act on it, and its stream's tail, sent to
 * PostgreSQL together (one round trip; docs/performance.md, issue 29). Both are known from the
 * request: the version id names the milestone, and a milestone's stream is named by its first
 * version's id, which is the milestone's own; a version this process has met before is looked
 * up. The check answers exactly as ProjectAccess.requireMilestoneViewer does (404, 403), and a
 * refused command never uses what was read ahead. When the check names another milestone than
 * the one read ahead (an edit met for the first time), decide reads the right stream.
 */
@Injectable()
export class MilestoneCommandStart {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
  ) {}

  async of(versionId: number, user: SessionUser) {
    const [check, readAhead] = inOneRoundTrip(
      this.pool,
      () =>
        [
          this.access.requireMilestoneViewer(versionId, user),
          this.streams.readAhead(milestoneStream, this.access.knownOriginalOf(versionId) ?? versionId),
        ] as const,
    );
    const ref = await check;
    return { ...ref, readAhead };
  }
}
