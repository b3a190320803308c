import type { CommandMetadata, MilestoneCommand, MilestoneEvent, MilestoneState, ProjectFacts } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../infrastructure/database/one-round-trip';
import { ProjectAccess, projectFactsOf, type Viewer } from '../read-models';
import { metadataOf } from './actor';
import { type DecideOptions, EventStreams, type HandleResult, type StreamWrite } from './event-streams';
import { milestoneStream } from './stream-kinds';

/** What every command a caller sends about one milestone carries from its request. */
export interface MilestoneRequest {
  readonly actor: SessionUser;
  /** The version id of the request (m_id): a milestone's own id names its first version. */
  readonly versionId: number;
  readonly idempotencyKey: string | null;
}

/** Who may act on the milestone a version id names, and its project (ProjectAccess.requireMilestoneViewer answers this). */
export type MilestoneAccessCheck<V> = ReturnType<ProjectAccess['requireMilestoneViewer']> extends Promise<infer R> ? Omit<R, 'viewer'> & { viewer: V } : never;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A party's command as its slice writes it: the pipeline adds who sends it, when, and what is known of the project. */
export type PartyCommand = DistributiveOmit<Extract<MilestoneCommand, { project: ProjectFacts }>, 'metadata' | 'project'>;

/**
 * A milestone command under way: the milestone and its project as the access check found them,
 * the command's metadata, and the milestone's stream as read. Its slice says only what is its
 * own: the command's type and data, a check before a side effect, the answer.
 */
export class MilestoneWrite<V = Viewer> {
  readonly metadata: CommandMetadata;
  /** What the milestone rules know of the project (its read model; every part only moves one way). */
  readonly project: ProjectFacts;

  constructor(
    readonly milestone: MilestoneAccessCheck<V>,
    private readonly stream: StreamWrite<MilestoneState, MilestoneCommand, MilestoneEvent>,
    private readonly request: MilestoneRequest,
  ) {
    this.metadata = metadataOf(request.actor);
    this.project = projectFactsOf(milestone.job);
  }

  get state(): MilestoneState {
    return this.stream.state;
  }

  /** The decider's verdict on the milestone as read, before a side effect a refused command must not have (see StreamWrite.check). */
  check(command: PartyCommand): 'new' | 'retry' {
    return this.stream.check(this.complete(command), this.options());
  }

  decide(command: PartyCommand): Promise<HandleResult<MilestoneState, MilestoneEvent>> {
    return this.stream.decide(this.complete(command), this.options());
  }

  private complete(command: PartyCommand): MilestoneCommand {
    return { ...command, metadata: this.metadata, project: this.project } as MilestoneCommand;
  }

  private options(): DecideOptions {
    return { idempotencyKey: this.request.idempotencyKey };
  }
}

/**
 * The one pipeline of the commands a party sends about a milestone (in the spirit of Emmett's
 * CommandHandler): who may act on it and its stream's tail go to PostgreSQL together, in one
 * round trip (docs/performance-history.md, issue 29), then the stream is folded and the command's
 * metadata and the project's facts are set. Both reads are known from the request: the version
 * id names the milestone, and a milestone's stream is named by its first version's id, which is
 * the milestone's own; a version this process has met before is looked up. The check answers
 * exactly as ProjectAccess.requireMilestoneViewer does (404, 403), or as the `check` given; a
 * refused command never uses what was read ahead. When the check names another milestone than
 * the one read ahead (an edit met for the first time), the right stream is read.
 */
@Injectable()
export class MilestoneCommands {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
  ) {}

  start(request: MilestoneRequest): Promise<MilestoneWrite>;
  start<V>(
    request: MilestoneRequest,
    check: (access: ProjectAccess, versionId: number, user: SessionUser) => Promise<MilestoneAccessCheck<V>>,
  ): Promise<MilestoneWrite<V>>;
  async start<V>(
    request: MilestoneRequest,
    check = (access: ProjectAccess, versionId: number, user: SessionUser) => access.requireMilestoneViewer(versionId, user) as Promise<MilestoneAccessCheck<V>>,
  ): Promise<MilestoneWrite<V>> {
    const { versionId, actor } = request;
    const [checked, readAhead] = inOneRoundTrip(
      this.pool,
      () => [check(this.access, versionId, actor), this.streams.readAhead(milestoneStream, this.access.knownOriginalOf(versionId) ?? versionId)] as const,
    );
    const milestone = await checked;
    const stream = await this.streams.fetch(milestoneStream, milestone.originalId, { readAhead });
    return new MilestoneWrite(milestone, stream, request);
  }
}
