import { type ActiveMilestone, type ActiveProject, currentMilestoneShape, currentProjectShape } from '@escrow/domain';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';

import { DirectoryService } from '../directory';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import type { Names } from './names';

/** A stored state in the current shape (rows of an older read side are read until its rebuild is swapped in). */
export const milestoneOf = (state: ActiveMilestone): ActiveMilestone => currentMilestoneShape(state) as ActiveMilestone;
export const projectOf = (state: ActiveProject): ActiveProject => currentProjectShape(state) as ActiveProject;

/** Milestone states from the read model, and the names that go with them. */
@Injectable()
export class MilestoneReads {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly directory: DirectoryService,
  ) {}

  async ofJob(jobId: number): Promise<ActiveMilestone[]> {
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>({
      name: 'escrow_milestones_of_job',
      text: 'SELECT state FROM milestones WHERE job_id = $1 ORDER BY position, original_id',
      values: [jobId],
    });
    return rows.map((r) => milestoneOf(r.state));
  }

  async many(originalIds: number[]): Promise<ActiveMilestone[]> {
    if (originalIds.length === 0) return [];
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>('SELECT state FROM milestones WHERE original_id = ANY($1::int[]) ORDER BY original_id', [
      originalIds,
    ]);
    return rows.map((r) => milestoneOf(r.state));
  }

  async one(originalId: number): Promise<ActiveMilestone> {
    const { rows } = await this.pool.query<{ state: ActiveMilestone }>('SELECT state FROM milestones WHERE original_id = $1', [originalId]);
    if (!rows[0]) throw new NotFoundException('There is no such milestone.');
    return milestoneOf(rows[0].state);
  }

  /** The project's folded state (its terms and retainage release) from the jobs read model. */
  async project(jobId: number): Promise<ActiveProject> {
    const { rows } = await this.pool.query<{ state: ActiveProject }>('SELECT state FROM jobs WHERE job_id = $1', [jobId]);
    if (!rows[0]) throw new NotFoundException('There is no such project.');
    return projectOf(rows[0].state);
  }

  /** Every person and company the states mention, looked up at once. */
  async namesFor(states: ActiveMilestone[], extraPeople: number[] = [], extraCompanies: number[] = []): Promise<Names> {
    const people = new Set<number>(extraPeople);
    const companies = new Set<number>(extraCompanies);
    for (const s of states) {
      people.add(s.customerId);
      companies.add(s.companyId);
      for (const v of s.versions) {
        people.add(v.proposedBy);
        for (const p of v.terms.payees) companies.add(p.companyId);
      }
      for (const d of s.disputes) {
        people.add(d.openedBy);
        if (d.response) people.add(d.response.by);
        if (d.proposal) people.add(d.proposal.by);
      }
    }
    const { people: personNames, companies: companyNames } = await this.directory.names(people, companies);
    return {
      person: (id) => (id === null ? null : (personNames.get(id)?.displayName ?? null)),
      company: (id) => (id === null ? null : (companyNames.get(id) ?? null)),
    };
  }
}
