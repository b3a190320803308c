import { notFound } from '@escrow/domain';
import { ProjectionRunner, RebuildAlreadyRunningError } from '@escrow/projections';
import { Injectable, Logger } from '@nestjs/common';

/** A projector this process runs, by name; 404 for any other name. */
export function requireProjector(runner: ProjectionRunner, name: string): void {
  if (!runner.projectors.some((p) => p.name === name)) throw notFound('no_such_projector', `There is no projector named "${name}".`);
}

/**
 * The rebuilds this process started from the Operations page and still runs: the status shows
 * them, and a second one of the same projector is refused while the first runs.
 */
@Injectable()
export class RebuildsHere {
  private readonly logger = new Logger('Operations');
  private readonly running = new Set<string>();

  has(name: string): boolean {
    return this.running.has(name);
  }

  /** Starts the rebuild and answers at once; the outcome goes to the log. */
  start(runner: ProjectionRunner, name: string): void {
    this.running.add(name);
    void runner
      .rebuild(name)
      .then((result) => this.logger.log(`rebuilt ${name} from ${result.events} events in ${result.seconds.toFixed(1)} s`))
      .catch((error: Error) => {
        if (error instanceof RebuildAlreadyRunningError) this.logger.warn(error.message);
        else this.logger.error(`rebuild of ${name} failed: ${error.message}`);
      })
      .finally(() => this.running.delete(name));
  }
}
