import {
  type ActiveMilestone,
  type ActiveProject,
  asOriginalId,
  type BillingCommand,
  type BillingEvent,
  billingOf,
  type CommandMetadata,
  type EventStore,
  foldMilestone,
  foldProject,
  type MilestoneCommand,
  type MilestoneEvent,
  type MilestoneRetainageFacts,
  milestoneRetainageFacts,
  milestoneStreamId,
  notFound,
  type ProjectCommand,
  type ProjectEvent,
  projectStreamId,
  retainageHeldByPayee,
} from '@escrow/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';

import { billingStream, EventStreams, milestoneStream, projectStream, systemMetadata } from '../command-side';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { billingFactsOf } from '../progress-billing';

/** The administrators' commands on a progress-billed project's retainage dispute, as a slice writes them. */
export type BillingRetainageRequest =
  | { type: 'ResolveBillingRetainageDispute'; data: { resolution: 'release' | 'refund'; note: string; fourEyesAbove: string | null } }
  | { type: 'ApproveBillingRetainageResolution'; data: { proposalId: number | null } }
  | { type: 'RejectBillingRetainageResolution'; data: { proposalId: number | null; note: string } };

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
  async milestones(projectId: number): Promise<ActiveMilestone[]> {
    const { rows } = await this.pool.query<{ original_id: number }>('SELECT original_id FROM milestones WHERE job_id = $1 ORDER BY original_id', [projectId]);
    const states = await Promise.all(
      rows.map(async (r) =>
        foldMilestone(
          (await this.store.readStream(milestoneStreamId(asOriginalId(r.original_id)))).map((e) => ({ type: e.type, data: e.data }) as MilestoneEvent),
        ),
      ),
    );
    return states.filter((s): s is ActiveMilestone => s.status === 'active');
  }

  /** Whether the project bills by progress (its retainage then lives on its billing stream), from the project's stream. */
  async billsByProgress(projectId: number): Promise<boolean> {
    const project = await this.streams.current(projectStream, projectId);
    return project.status !== 'none' && billingOf(project) === 'progress';
  }

  /**
   * Decides an administrator's retainage command on a progress-billed project's billing stream
   * (the milestone project's are decided on its project stream, below).
   */
  async decideBilling(projectId: number, request: BillingRetainageRequest, metadata: CommandMetadata, idempotencyKey: string | null): Promise<BillingEvent[]> {
    const project = billingFactsOf(await this.streams.current(projectStream, projectId));
    const { events } = await this.streams.decide(billingStream, projectId, { ...request, metadata, project } as BillingCommand, { idempotencyKey });
    return events;
  }

  async facts(projectId: number): Promise<MilestoneRetainageFacts[]> {
    return milestoneRetainageFacts(await this.milestones(projectId));
  }

  /** Decides a retainage command on the project stream, then applies every decision to its milestones. */
  async decide(projectId: number, command: ProjectCommand, idempotencyKey: string | null): Promise<ProjectEvent[]> {
    const { events } = await this.streams.decide(projectStream, projectId, command, { idempotencyKey });
    await this.applyDecisions(projectId);
    return events;
  }

  private async project(projectId: number): Promise<ActiveProject> {
    const project = foldProject((await this.store.readStream(projectStreamId(projectId))).map((e) => ({ type: e.type, data: e.data }) as ProjectEvent));
    if (project.status === 'none') throw notFound('no_such_project', 'There is no such project.');
    return project as ActiveProject;
  }

  /** Applies each decision of the project to the milestones it names; what was applied already changes nothing. */
  private async applyDecisions(projectId: number): Promise<void> {
    for (const [index, decision] of (await this.project(projectId)).retainage.decisions.entries()) {
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
          idempotencyKey: `retainage-${projectId}-${index}-${originalId}`,
        });
      }
    }
  }

  /**
   * The milestones a decision names that still hold retainage on the write side (not as the read
   * models say), and when the newest such decision was made.
   */
  private async unapplied(projectId: number): Promise<{ milestoneIds: number[]; decidedAt: string | null }> {
    const decisions = (await this.project(projectId)).retainage.decisions;
    const holding: number[] = [];
    for (const originalId of new Set(decisions.flatMap((d) => d.milestoneIds))) {
      const state = await this.streams.current(milestoneStream, originalId);
      if (state.status === 'active' && retainageHeldByPayee(state).length > 0) holding.push(originalId);
    }
    const decidedAt = decisions.filter((d) => d.milestoneIds.some((id) => holding.includes(id))).at(-1)?.at ?? null;
    return { milestoneIds: holding, decidedAt };
  }

  /**
   * Projects with a decision whose milestones still hold retainage: a fan-out that a crash cut
   * short, or one that is running right now. The read models only find candidates (they lag
   * behind an application that just finished): what counts is the milestones' streams. Applying
   * again is harmless (keyed), so the sweep finishes whatever is left, and warns only when the
   * decision is older than any live application takes: then it was cut short. Returns how many
   * projects it found unfinished.
   */
  async sweep(now = Date.now()): Promise<number> {
    const { rows } = await this.pool.query<{ job_id: number }>(
      `SELECT DISTINCT m.job_id FROM milestones m JOIN jobs j USING (job_id)
        CROSS JOIN LATERAL jsonb_array_elements(coalesce(j.state->'retainage'->'decisions', '[]'::jsonb)) d
        CROSS JOIN LATERAL jsonb_array_elements(d->'milestoneIds') i
       WHERE m.retainage_held > 0 AND (i #>> '{}')::int = m.original_id
       LIMIT 100`,
    );
    let unfinished = 0;
    for (const { job_id: projectId } of rows) {
      const { milestoneIds, decidedAt } = await this.unapplied(projectId);
      if (milestoneIds.length === 0) continue;
      unfinished++;
      const which = `milestone${milestoneIds.length === 1 ? '' : 's'} ${milestoneIds.join(', ')}`;
      if (decidedAt && now - Date.parse(decidedAt) > CUT_SHORT_AFTER_MS) {
        this.logger.warn(`applying the retainage decision of project ${projectId} again: a release was cut short before ${which} applied it`);
      } else {
        this.logger.debug(`finishing the retainage decision of project ${projectId} for ${which} (decided a moment ago)`);
      }
      await this.applyDecisions(projectId);
    }
    return unfinished;
  }
}

/** Longer than any live application of a decision takes (milliseconds): one still unapplied after it was cut short. */
const CUT_SHORT_AFTER_MS = 30_000;
