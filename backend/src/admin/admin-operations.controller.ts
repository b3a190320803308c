import { ConflictException, Controller, Get, HttpCode, Logger, NotFoundException, Param, Post } from '@nestjs/common';
import { ProjectionRunner, RebuildAlreadyRunningError } from '@escrow/projections';
import { Access } from '../identity/access.decorators';

/** The projection runner for operators: positions, lag, failures, rebuilds with live progress. */
@Controller('admin/projections')
@Access('admin')
export class AdminOperationsController {
  private readonly logger = new Logger('Operations');
  private readonly running = new Set<string>();

  constructor(private readonly runner: ProjectionRunner) {}

  @Get()
  async status() {
    const statuses = await this.runner.status();
    return statuses.map((s) => ({ ...s, rebuilding_here: this.running.has(s.name) }));
  }

  /**
   * Starts the same rebuild as `npm run projections -- rebuild <name>` in this process and answers
   * at once; progress shows in the status (the rebuild's row is updated every batch).
   */
  @Post(':name/rebuild')
  @HttpCode(202)
  async rebuild(@Param('name') name: string) {
    if (!this.runner.projectors.some((p) => p.name === name)) throw new NotFoundException(`There is no projector named "${name}".`);
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

  @Post(':name/resume')
  @HttpCode(200)
  async resume(@Param('name') name: string) {
    if (!this.runner.projectors.some((p) => p.name === name)) throw new NotFoundException(`There is no projector named "${name}".`);
    return { projector: name, resumed: await this.runner.resume(name) };
  }
}
