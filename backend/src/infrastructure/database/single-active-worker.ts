import type { Logger } from '@nestjs/common';
import type { Client } from 'pg';

import { takeSingleActiveLock } from './single-active-lock';

export interface SingleActiveWork {
  /** What the logs call it ("payments dispatcher"). */
  label: string;
  /** The connection's name in pg_stat_activity. */
  applicationName: string;
  /** The advisory lock's name: one holder per database. */
  lockName: string;
  /** The pause between two passes when nothing kicks one. */
  pollMs: number;
  /** The pause before asking again for a lock another process holds (default 2 s). */
  retryMs?: number;
  /** Runs each time this process takes the lock, before its first pass. Throwing gives the lock back. */
  taken?: () => Promise<void>;
  /** The lock was lost or is given back: stop what `taken` started. */
  released?: () => Promise<void> | void;
  /** One pass of the work. Its error is logged and the next pass comes as usual. */
  pass: () => Promise<void>;
  /** Told a pass failed, after the warning is logged. */
  passFailed?: (error: Error) => void;
}

/**
 * The loop the payments dispatcher, the webhook deliverer and the held-funds clock share: one
 * process per database holds the lock (the others queue for it), passes run one at a time, a
 * kick during a pass runs one more right after it, and otherwise a pass comes every `pollMs`.
 * A lost lock stops the passes at once and queues for it again; `stop()` lets the pass under way
 * finish before it gives the lock back.
 */
export class SingleActiveWorker {
  private lock: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = false;
  private pass: Promise<void> | null = null;
  private taking = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly work: SingleActiveWork,
  ) {}

  /** True while this process holds the lock and is not stopping. */
  get active(): boolean {
    return this.lock !== null && !this.stopped;
  }

  start(): void {
    void this.takeLock();
  }

  /** Runs a pass now (or right after the current one) and keeps polling. */
  kick(): void {
    if (this.stopped || !this.lock) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.clearTimer();
    this.pass = this.work
      .pass()
      .catch((error: Error) => {
        this.logger.warn(`${this.work.label} pass failed (will retry): ${error.message}`);
        this.work.passFailed?.(error);
      })
      .finally(() => {
        this.running = false;
        this.pass = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.work.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Lets the pass under way finish, then gives the lock back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.work.released?.();
    await this.pass;
    const lock = this.lock;
    this.lock = null;
    await lock?.end().catch(() => undefined);
  }

  /** One loop at a time asks for the lock; a lock lost while it resumes sends it round again. */
  private async takeLock(): Promise<void> {
    if (this.taking) return;
    this.taking = true;
    try {
      while (!this.stopped) {
        try {
          const lock = await takeSingleActiveLock(this.databaseUrl, this.work.applicationName, this.work.lockName, (lost) => this.lost(lost));
          if (lock && this.stopped) await lock.end().catch(() => undefined);
          else if (lock) {
            this.lock = lock;
            if (await this.resume(lock)) {
              this.kick();
              return;
            }
          }
        } catch (error) {
          this.logger.warn(`${this.work.label} cannot start yet: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, this.work.retryMs ?? 2000));
      }
    } finally {
      this.taking = false;
    }
  }

  /**
   * Runs `taken`; on failure, or when the lock was lost meanwhile, undoes it and gives the lock
   * back (quietly: the loop asks again).
   */
  private async resume(lock: Client): Promise<boolean> {
    try {
      await this.work.taken?.();
      if (this.lock === lock) return true;
    } catch (error) {
      this.logger.warn(`${this.work.label} failed to resume (will retry): ${(error as Error).message}`);
    }
    if (this.lock === lock) this.lock = null;
    await this.work.released?.();
    await lock.end().catch(() => undefined);
    return false;
  }

  private lost(lock: Client): void {
    if (this.lock !== lock) return;
    this.lock = null;
    this.clearTimer();
    if (this.taking) return; // the loop resuming on it sees the loss and asks again
    void this.work.released?.();
    if (this.stopped) return;
    this.logger.warn(`${this.work.label} lost its database lock; waiting to take it again`);
    void this.takeLock();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
