import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideProject, evolveProject, initialProjectState, projectStreamId } from '@escrow/domain';
import type { Pool } from 'pg';
import { EventSourcedCommandService } from '../../command-side/event-sourced-command.service';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { CreateJobDraftCommand, type CreateJobDraftResult } from './create-job-draft.command';

@CommandHandler(CreateJobDraftCommand)
export class CreateJobDraftHandler implements ICommandHandler<CreateJobDraftCommand, CreateJobDraftResult> {
  constructor(
    private readonly commands: EventSourcedCommandService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ input, metadata }: CreateJobDraftCommand): Promise<CreateJobDraftResult> {
    const { rows } = await this.pool.query<{ id: string }>(`SELECT nextval('job_id_seq') AS id`);
    const jobId = Number(rows[0]!.id);
    await this.commands.handle({
      streamId: projectStreamId(jobId),
      decider: { initialState: initialProjectState, evolve: evolveProject, decide: decideProject },
      command: () => ({ type: 'CreateJobDraft' as const, data: { jobId, ...input }, metadata }),
      metadata,
      waitForProjectors: ['jobs'],
    });
    return { jobId };
  }
}
