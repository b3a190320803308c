import type { DeadLetterRow, ProjectorRebuildStarted, ProjectorResumed, ProjectorStatusView } from '@escrow/domain';
import { ProjectionRunner, RebuildAlreadyRunningError } from '@escrow/projections';
import { ConflictException, Controller, Get, HttpCode, HttpStatus, Inject, Logger, NotFoundException, Param, Post } from '@nestjs/common';
import type { Pool } from 'pg';

import { Answers } from '../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE, OPERATIONS_ROLES } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';

/** The projection runner for operators: positions, lag, failures, rebuilds with live progress. */
@Controller('admin/projections')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class OperationsController {
  private readonly logger = new Logger('Operations');
  private readonly running = new Set<string>();

  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get()
  @Answers(['ProjectorStatusView'])
  async status(): Promise<ProjectorStatusView[]> {
    const statuses = await this.runner.status();
    return statuses.map((s) => ({ ...s, rebuilding_here: this.running.has(s.name) }));
  }

  /**
   * Starts the same rebuild as `npm run projections -- rebuild <name>` in this process and answers
   * at once; progress shows in the status (the rebuild's row is updated every batch).
   */
  @Post(':name/rebuild')
  @AdminRoles(...OPERATIONS_ROLES)
  @HttpCode(202)
  @Answers('ProjectorRebuildStarted', HttpStatus.ACCEPTED)
  async rebuild(@Param('name') name: string): Promise<ProjectorRebuildStarted> {
    this.known(name);
    if (this.running.has(name)) throw new ConflictException(`A rebuild of ${name} is already running.`);
    this.running.add(name);
    void this.runner
      .rebuild(name)
      .then((result) => this.logger.log(`rebuilt ${name} from ${result.events} events in ${result.seconds.toFixed(1)} s`))
      .catch((error: Error) => {
        if (error instanceof RebuildAlreadyRunningError) this.logger.warn(error.message);
        else this.logger.error(`rebuild of ${name} failed: ${error.message}`);
      })
      .finally(() => this.running.delete(name));
    return { projector: name, started: true };
  }

  /** The events a stopped projector could not apply, with the error, until a resume or rebuild clears them. */
  @Get(':name/dead-letters')
  @Answers(['DeadLetterRow'])
  async deadLetters(@Param('name') name: string): Promise<DeadLetterRow[]> {
    this.known(name);
    const { rows } = await this.pool.query<Omit<DeadLetterRow, 'failed_at'> & { failed_at: Date }>(
      `SELECT id, event_id, stream_id, position, type, data, error, failed_at FROM projection_dead_letters
        WHERE projector = $1 AND resolved_at IS NULL ORDER BY failed_at DESC LIMIT 100`,
      [name],
    );
    return rows.map((r) => ({ ...r, failed_at: r.failed_at.toISOString() }));
  }

  @Post(':name/resume')
  @AdminRoles(...OPERATIONS_ROLES)
  @HttpCode(200)
  @Answers('ProjectorResumed')
  async resume(@Param('name') name: string): Promise<ProjectorResumed> {
    this.known(name);
    return { projector: name, resumed: await this.runner.resume(name) };
  }

  private known(name: string): void {
    if (!this.runner.projectors.some((p) => p.name === name)) throw new NotFoundException(`There is no projector named "${name}".`);
  }
}
