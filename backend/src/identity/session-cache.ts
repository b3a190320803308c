import { randomUUID } from 'node:crypto';

import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Client, type Pool } from 'pg';

import { setAtMost } from '../infrastructure/bounded-map';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import type { SessionUser } from './session-user';

/** How long a resolved session is trusted without asking the database again. */
const SESSION_CACHE_MS = 5000;
const CHANNEL = 'escrow_sessions';

/** What stops being valid: one session, every session of a user, or the company name users of a company carry. */
export type Revocation = { tokenHash: string } | { userId: number } | { companyId: number };

interface Entry {
  user: SessionUser;
  lastSeenAt: number;
  cachedAt: number;
}

/**
 * Resolved sessions, kept a few seconds so that a request costs no session query. A revocation
 * (logout, a password reset, a renamed company) is applied here at once and sent to every other
 * API process with NOTIFY; while this process is not listening (starting, or its LISTEN
 * connection was lost) nothing is cached, so a revocation can never be missed.
 */
@Injectable()
export class SessionCache implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly entries = new Map<string, Entry>();
  /** Revocations this process sent, waiting to come back through its own listener. */
  private readonly echoes = new Map<string, () => void>();
  private listener: Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Other caches that follow the same revocations (DirectoryService's names); 'all' when anything may have been missed. */
  private readonly followers = new Set<(revocation: Revocation | 'all') => void>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    void this.listen();
  }

  /**
   * Whether revocations reach this process now. A cache that follows them (follow) keeps
   * nothing while they do not, as this one does.
   */
  get listeningForRevocations(): boolean {
    return this.listening;
  }

  /**
   * Calls `forget` with every revocation this process learns of, its own and every other
   * process's (and the database's: a change of a name announces itself, see
   * name-changes.migrations.ts), and with 'all' when the connection that brings them was lost.
   */
  follow(forget: (revocation: Revocation | 'all') => void): void {
    this.followers.add(forget);
  }

  get(tokenHash: string): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && Date.now() - entry.cachedAt <= SESSION_CACHE_MS) return entry;
    this.entries.delete(tokenHash);
    return undefined;
  }

  set(tokenHash: string, user: SessionUser, lastSeenAt: number): void {
    if (!this.listening) return;
    setAtMost(this.entries, tokenHash, { user, lastSeenAt, cachedAt: Date.now() }, 50_000);
  }

  /**
   * Forgets here and tells every other process. Resolves once this process's own listener got
   * the notification back (or after a second): PostgreSQL hands a notification to every
   * listener at the same moment, so by then the others have it too, within their own latency.
   */
  async revoke(revocation: Revocation): Promise<void> {
    this.forget(revocation);
    const id = randomUUID();
    const echoed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.echoes.delete(id);
        resolve();
      }, 1000);
      this.echoes.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.pool.query(`SELECT pg_notify('${CHANNEL}', $1)`, [JSON.stringify({ ...revocation, id })]);
    if (this.listening) await echoed;
    else this.echoes.delete(id);
  }

  private forget(revocation: Revocation): void {
    for (const follower of this.followers) follower(revocation);
    if ('tokenHash' in revocation) {
      this.entries.delete(revocation.tokenHash);
      return;
    }
    for (const [key, entry] of this.entries) {
      if ('userId' in revocation ? entry.user.userId === revocation.userId : entry.user.companyId === revocation.companyId) this.entries.delete(key);
    }
  }

  private clear(): void {
    this.entries.clear();
    for (const follower of this.followers) follower('all');
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'escrow-sessions' });
    const lost = (reason: string) => {
      if (this.listener !== client && this.listener !== null) return;
      this.listening = false;
      this.listener = null;
      this.clear(); // revocations may be missed from now on: trust nothing cached
      if (this.closed || this.retry) return;
      this.logger.warn(`session revocations connection lost (${reason}); sessions are not cached until it is back`);
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, 1000);
      this.retry.unref();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('connection ended'));
    client.on('notification', (message) => {
      try {
        const revocation = JSON.parse(message.payload ?? '') as Revocation & { id?: string };
        this.forget(revocation);
        if (revocation.id) {
          this.echoes.get(revocation.id)?.();
          this.echoes.delete(revocation.id);
        }
      } catch {
        this.clear(); // a message we cannot read: trust nothing cached
      }
    });
    try {
      this.listener = client;
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listening = !this.closed;
    } catch (error) {
      lost((error as Error).message);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }
}
