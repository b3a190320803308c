import { billingStreamId, comparePositions, type EventStore, type RecordedEvent } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';

import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MilestoneReads } from './milestone-reads';

/**
 * A project's events straight from the event store, in global order: its own stream, the
 * stream of each of its milestones and its progress-billing stream, each event at its current schema version. The history and
 * the admin's raw events read them here, so what they show is the ledger itself (never a copy
 * that lags or that a rebuild must write), in either event store.
 */
@Injectable()
export class ProjectEvents {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly milestones: MilestoneReads,
  ) {}

  async of(projectId: number): Promise<RecordedEvent[]> {
    const streams = [`job-${projectId}`, ...(await this.milestones.ofJob(projectId)).map((m) => `milestone-${m.originalId}`), billingStreamId(projectId)];
    const all = (await Promise.all(streams.map((s) => this.store.readStream(s)))).flat();
    return all.sort((a, b) => comparePositions(a.position, b.position));
  }
}
