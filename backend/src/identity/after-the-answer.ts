import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Work a request causes but its answer must not wait for, because the time it takes would tell
 * the caller something: a reset link mailed only to an email that has an account (issue 35,
 * docs/security.md). It starts once the answer is on its way; a failure is logged (the person can
 * ask again). A stopping process finishes it before the database pool closes.
 */
@Injectable()
export class AfterTheAnswer implements BeforeApplicationShutdown {
  private readonly logger = new Logger('AfterTheAnswer');
  private readonly pending = new Set<Promise<void>>();

  run(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.logger.error({ msg: `${what} failed: ${(error as Error).message}` }))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves when the work started so far is done (a stopping process; tests that read its mail). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }
}
