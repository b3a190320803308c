import {
  type ActiveMilestone,
  type ActiveProject,
  type EventStore,
  foldMilestone,
  foldProject,
  type MilestoneCommand,
  type MilestoneEvent,
  type MilestoneRetainageFacts,
  milestoneRetainageFacts,
  milestoneStreamId,
  type ProjectCommand,
  type ProjectEvent,
  projectStreamId,
} from '@escrow/domain';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, milestoneStream, projectStream, systemMetadata } from '../command-side';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';

/**
 * The project's retainage release on the write side. Its decision lives on the project stream;
 * the retainage lives in each milestone's stream, so a decision is applied to each milestone it
 * names by a command of its own (ReleaseRetainage, keyed by the decision and the milestone: a
 * retry or the sweep applies it once). A crash between the two leaves the decision recorded and
 * the milestones holding: `sweep` (the held-funds worker) finishes it.
 */
@Injectable()
export class RetainageReleases {
  private readonly logger = new Logger('Retainage');

  constructor(
    private readonly streams: EventStreams,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /**
   * The milestones of a project, folded from their streams (not the read models: a release must
   * count retainage a lagging read model has not seen yet).
   */
  async milestones(jobId: number): Promise<ActiveMilestone[]> {
    const { rows } = await this.pool.query<{ original_id: number }>('SELECT original_id FROM milestones WHERE job_id = $1 ORDER BY original_id', [jobId]);
    const states = await Promise.all(
      rows.map(async (r) =>
        foldMilestone((await this.store.readStream(milestoneStreamId(r.original_id))).map((e) => ({ type: e.type, data: e.data }) as MilestoneEvent)),
      ),
    );
    return states.filter((s): s is ActiveMilestone => s.status === 'active');
  }

  async facts(jobId: number): Promise<MilestoneRetainageFacts[]> {
    return milestoneRetainageFacts(await this.milestones(jobId));
  }

  /** Decides a retainage command on the project stream, then applies every decision to its milestones. */
  async decide(jobId: number, command: ProjectCommand, idempotencyKey: string | null): Promise<void> {
    await this.streams.decide(projectStream, jobId, command, { idempotencyKey, metadataExtras: { jobId } });
    await this.apply(jobId);
  }

  /** Applies each decision of the project to the milestones it names; what was applied already changes nothing. */
  async apply(jobId: number): Promise<void> {
    const project = foldProject((await this.store.readStream(projectStreamId(jobId))).map((e) => ({ type: e.type, data: e.data }) as ProjectEvent));
    if (project.status === 'none') throw new NotFoundException('There is no such project.');
    for (const [index, decision] of (project as ActiveProject).retainage.decisions.entries()) {
      for (const originalId of decision.milestoneIds) {
        const command: MilestoneCommand = {
          type: 'ReleaseRetainage',
          data: {
            resolution: decision.resolution,
            cause: decision.decidedBy === 'parties' ? 'approval' : 'dispute',
            refundId: decision.disputeId ?? 0,
          },
          metadata: systemMetadata(),
        };
        await this.streams.decide(milestoneStream, originalId, command, {
          idempotencyKey: `retainage-${jobId}-${index}-${originalId}`,
          metadataExtras: { jobId },
        });
      }
    }
  }

  /**
   * Projects with a decision whose milestones still hold retainage: a fan-out that a crash cut
   * short. Applies their decisions again; returns how many projects it touched.
   */
  async sweep(): Promise<number> {
    const { rows } = await this.pool.query<{ job_id: number }>(
      `SELECT DISTINCT m.job_id FROM milestones m JOIN jobs j USING (job_id)
        CROSS JOIN LATERAL jsonb_array_elements(coalesce(j.state->'retainage'->'decisions', '[]'::jsonb)) d
        CROSS JOIN LATERAL jsonb_array_elements(d->'milestoneIds') i
       WHERE m.retainage_held > 0 AND (i #>> '{}')::int = m.original_id
       LIMIT 100`,
    );
    for (const { job_id } of rows) {
      this.logger.warn(`applying the retainage decision of project ${job_id} again (a release was cut short)`);
      await this.apply(job_id);
    }
    return rows.length;
  }
}
