import {
  type ActiveProject,
  type AttachedFile,
  billingOf,
  type BillingState,
  type CommandMetadata,
  type ProjectState,
  type RetainageEvidence,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { billingStream, EventStreams, projectStream } from '../command-side';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { billingFactsOf } from '../progress-billing';
import { MilestoneReads } from '../read-models';

/** A change to a retainage dispute's files, as the evidence slices write it. */
export type EvidenceChange =
  { type: 'add'; data: { attachmentId: string; disputeId: number; file: AttachedFile; maxBytes: number } } | { type: 'remove'; data: { attachmentId: string } };

/** The stream that holds a project's retainage dispute, for one command: its evidence now, a check, the decision. */
export interface EvidenceWrite {
  evidence: RetainageEvidence[];
  check(change: EvidenceChange, metadata: CommandMetadata): void;
  decide(change: EvidenceChange, metadata: CommandMetadata, idempotencyKey: string | null): Promise<RetainageEvidence[]>;
}

const progressBilled = (project: ProjectState) => project.status !== 'none' && billingOf(project) === 'progress';
const billingEvidence = (state: BillingState | undefined | null) => (state?.status === 'active' ? (state.retainageEvidence ?? []) : []);

/**
 * Where a project's retainage dispute keeps its files: a milestone project's on its own stream,
 * a progress-billed project's on its billing stream (where its dispute is). The evidence routes
 * are the same for both; this is the one place that tells them apart.
 */
@Injectable()
export class RetainageEvidenceSource {
  constructor(
    private readonly streams: EventStreams,
    private readonly reads: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** The files, as the read models hold them. */
  async read(projectId: number): Promise<RetainageEvidence[]> {
    const project = await this.reads.project(projectId);
    if (!progressBilled(project)) return project.retainage.evidence ?? [];
    const { rows } = await this.pool.query<{ state: BillingState }>('SELECT state FROM billing_schedules WHERE job_id = $1', [projectId]);
    return billingEvidence(rows[0]?.state);
  }

  async write(projectId: number): Promise<EvidenceWrite> {
    const project = await this.streams.current(projectStream, projectId);
    if (progressBilled(project)) {
      const facts = billingFactsOf(project);
      const write = await this.streams.fetch(billingStream, projectId);
      const command = (change: EvidenceChange, metadata: CommandMetadata) =>
        change.type === 'add'
          ? { type: 'AddBillingRetainageEvidence' as const, data: change.data, metadata, project: facts }
          : { type: 'RemoveBillingRetainageEvidence' as const, data: change.data, metadata, project: facts };
      return {
        evidence: billingEvidence(write.state),
        check: (change, metadata) => void write.check(command(change, metadata)),
        decide: async (change, metadata, idempotencyKey) => billingEvidence((await write.decide(command(change, metadata), { idempotencyKey })).state),
      };
    }
    const write = await this.streams.fetch(projectStream, projectId);
    const evidenceOf = (state: ProjectState) => (state.status === 'none' ? [] : ((state as ActiveProject).retainage.evidence ?? []));
    const command = (change: EvidenceChange, metadata: CommandMetadata) =>
      change.type === 'add'
        ? { type: 'AddRetainageEvidence' as const, data: change.data, metadata }
        : { type: 'RemoveRetainageEvidence' as const, data: change.data, metadata };
    return {
      evidence: evidenceOf(write.state),
      check: (change, metadata) => void write.check(command(change, metadata)),
      decide: async (change, metadata, idempotencyKey) => evidenceOf((await write.decide(command(change, metadata), { idempotencyKey })).state),
    };
  }
}
