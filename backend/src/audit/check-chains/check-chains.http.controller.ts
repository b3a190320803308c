import type { ChainCheckStarted, ChainChecksView, EventStore } from '@escrow/domain';
import { ChainChecks } from '@escrow/projections';
import { Controller, Get, HttpCode, HttpStatus, Inject, Logger, type OnApplicationShutdown, Post } from '@nestjs/common';

import { FILE_STORE, type FileStore } from '../../attachments';
import { STORED_EVENT_STORE } from '../../event-store/event-store.tokens';
import { ApiRefusal } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE, OPERATIONS_ROLES } from '../../identity';

/**
 * The Operations page's chain check: the same walk as `npm run projections -- verify` (every
 * chain, and every stored file the events record), run in this process, its progress recorded
 * in event_chain_checks for any process to show.
 */
@Controller('admin/integrity/chain-checks')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class CheckChainsController implements OnApplicationShutdown {
  private readonly logger = new Logger('Audit');
  private readonly stop = new AbortController();

  constructor(
    private readonly checks: ChainChecks,
    @Inject(STORED_EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  @Get()
  @Answers('ChainChecksView')
  async recent(): Promise<ChainChecksView> {
    const checks = await this.checks.recent(5);
    return { running: checks.some((c) => c.state === 'running' && !c.stale), checks };
  }

  /** Starts a check and answers at once; the page follows its progress. */
  @Post()
  @AdminRoles(...OPERATIONS_ROLES)
  @HttpCode(202)
  @Answers('ChainCheckStarted', HttpStatus.ACCEPTED)
  async start(): Promise<ChainCheckStarted> {
    if (await this.checks.running()) throw new ApiRefusal(409, 'chain_check_running', 'A chain check is already running; its progress is shown below.');
    const id = await this.checks.begin('api');
    void this.checks
      .run(id, this.store, { signal: this.stop.signal, files: this.files })
      .then((result) => {
        const files = result.files!;
        if (result.ok)
          this.logger.log(`chain check ${id}: ${result.events} events in ${result.streams} streams, every chain intact; ${files.files} stored files intact`);
        if (result.brokenEvents > 0)
          this.logger.error(`chain check ${id}: ${result.brokenEvents} event(s) break the chain; first: ${result.breaks[0]!.message}`);
        if (files.problems.length > 0)
          this.logger.error(`chain check ${id}: ${files.changed} stored file(s) changed, ${files.missing} missing; first: ${files.problems[0]!.message}`);
      })
      .catch((error: Error) => this.logger.error(`chain check ${id} failed: ${error.message}`));
    return { id, started: true };
  }

  onApplicationShutdown(): void {
    this.stop.abort();
  }
}
