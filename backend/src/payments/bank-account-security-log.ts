import {
  type BankAccountEvent,
  type BankAccountEventType,
  type BankAccountsState,
  type EventStore,
  evolveBankAccounts,
  type GlobalPosition,
  initialBankAccountsState,
  maskedAccount,
  type RecordedEvent,
  type Subscription,
} from '@escrow/domain';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';

import { EVENT_STORE } from '../event-store/event-store.tokens';
import { SecurityLog } from '../identity';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import { FollowerCheckpoint } from '../infrastructure/database/follower-checkpoint';
import { SingleActiveWorker } from '../infrastructure/database/single-active-worker';

const LOCK = 'bank-account-security-log';
/** How often the holder checks that it still follows the events (and follows again after a failure). */
const CHECK_MS = 1000;

/** The security-log kind of each bank-account event; the provider's micro-deposits are part of the link, not a change of their own. */
const KINDS: Record<BankAccountEventType, string | null> = {
  BankAccountLinked: 'bank_account_linked',
  MicroDepositsSent: null,
  BankAccountVerificationFailed: 'bank_account_verification_failed',
  BankAccountLocked: 'bank_account_locked',
  BankAccountVerified: 'bank_account_verified',
  PayoutAccountChosen: 'payout_account_chosen',
  PayoutAccountChangeConfirmed: 'payout_account_change_confirmed',
  PayoutAccountChangeUndone: 'payout_account_change_undone',
  DepositAccountChosen: 'deposit_account_chosen',
  BankAccountRemoved: 'bank_account_removed',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const kindOf = (event: RecordedEvent): string | null =>
  event.streamId.startsWith('bank-accounts-') ? (KINDS[event.type as BankAccountEventType] ?? null) : null;

/** "Chase ••••6789": what people are shown of an account (never more than the last four digits). */
function masked(state: BankAccountsState, id: number | null): string | null {
  const account = state.accounts.find((a) => a.bankAccountId === id);
  return account ? `${account.bankName ? `${account.bankName} ` : ''}${maskedAccount(account.last4)}` : null;
}

/** What the row says beside its kind: the account (masked), its owner, the session, and what the change moved. */
function detailOf(event: BankAccountEvent, state: BankAccountsState, sessionRef: string | null): Record<string, unknown> {
  const d = event.data;
  const account = state.accounts.find((a) => a.bankAccountId === d.bankAccountId);
  const detail: Record<string, unknown> = {
    account: masked(state, d.bankAccountId),
    bank_account_id: d.bankAccountId,
    purpose: account?.purpose ?? null,
    ...(d.owner.kind === 'company' ? { company_id: d.owner.id } : { buyer_id: d.owner.id }),
    ...(d.byRole === 'admin' ? { by_administrator: true } : {}),
    session: sessionRef,
  };
  switch (event.type) {
    case 'PayoutAccountChosen':
      return { ...detail, previous_account: masked(state, event.data.previousBankAccountId), payouts_held_until: event.data.holdUntil };
    case 'DepositAccountChosen':
      return { ...detail, previous_account: masked(state, event.data.previousBankAccountId) };
    case 'PayoutAccountChangeUndone':
      return { ...detail, restored_account: masked(state, event.data.restoredBankAccountId) };
    case 'BankAccountVerificationFailed':
      return { ...detail, tries_left: event.data.triesLeft };
    default:
      return detail;
  }
}

/**
 * Every bank-account change (linked, verified or not, locked, chosen as payout or deposit
 * account, a payout change confirmed or undone, removed) goes into the security log of the
 * person who made it, which administrators see in everyone's log (issue 35): who, when, from
 * which session, browser and address, and the account masked.
 *
 * The rows are written from the events, not beside the command: the writer follows the global
 * order from its own checkpoint (`bank_account_security_log_checkpoint`) and writes each batch's
 * rows with the checkpoint in one transaction, one active writer per database (as the webhook
 * fan-out), so a crash neither loses a change nor records one twice; each row carries its
 * event's id, unique, as a second guard. Its first start writes the changes made before it.
 * The address and browser come from the request_origins row the event names (while not erased),
 * the session from the event's session reference, resolved to the session's id while it lives.
 */
@Injectable()
export class BankAccountSecurityLog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BankAccountSecurityLog');
  private readonly worker: SingleActiveWorker;
  private subscription: Subscription | null = null;
  private position: GlobalPosition | null = null;
  private readonly checkpoint: FollowerCheckpoint;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly log: SecurityLog,
  ) {
    this.checkpoint = new FollowerCheckpoint(pool, 'bank_account_security_log_checkpoint');
    this.worker = new SingleActiveWorker(databaseUrl, this.logger, {
      label: 'bank-account security log',
      applicationName: 'escrow-bank-account-security-log',
      lockName: LOCK,
      pollMs: CHECK_MS,
      taken: async () => {
        this.position = (await this.checkpoint.read()) ?? null;
      },
      released: async () => {
        const subscription = this.subscription;
        this.subscription = null;
        await subscription?.stop().catch(() => undefined);
      },
      pass: async () => this.follow(),
    });
  }

  onApplicationBootstrap(): void {
    this.worker.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.stop();
  }

  /** Follows the global order from the position written last, unless it already does; after a failure, from the checkpoint again. */
  private async follow(): Promise<void> {
    if (this.subscription || !this.worker.active) return;
    const subscription = this.store.subscribeToAll({ after: this.position, batchSize: 500 }, (batch) => this.write(batch));
    this.subscription = subscription;
    subscription.done.catch(async (error: Error) => {
      if (this.subscription !== subscription) return;
      this.logger.warn(`the bank-account security log stopped following the events (resuming from its checkpoint): ${error.message}`);
      this.position = await this.checkpoint
        .read()
        .then((position) => position ?? null)
        .catch(() => this.position);
      this.subscription = null;
    });
  }

  private async write(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1];
    if (!last || !this.worker.active) return;
    const changes = batch.filter((event) => kindOf(event) !== null);
    if (changes.length === 0) {
      this.position = last.position;
      await this.checkpoint.passed(last.position);
      return;
    }
    const states = new Map<string, Promise<BankAccountsState>>();
    const stateOf = (streamId: string) => {
      let state = states.get(streamId);
      if (!state) states.set(streamId, (state = this.accountsOf(streamId)));
      return state;
    };
    const rows = await Promise.all(changes.map(async (event) => ({ event, state: await stateOf(event.streamId), who: await this.whoAndWhere(event) })));
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const { event, state, who } of rows) {
        const d = (event as unknown as BankAccountEvent).data;
        await this.log.record(
          {
            userId: who.userId,
            actorId: d.by,
            kind: kindOf(event)!,
            sessionId: who.sessionId,
            ip: who.ip,
            userAgent: who.userAgent,
            at: d.at,
            eventId: event.id,
            detail: detailOf(event as unknown as BankAccountEvent, state, d.sessionId),
          },
          client,
        );
      }
      await this.checkpoint.write(last.position, client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.position = last.position;
  }

  /**
   * The owner's accounts as their whole stream has them: the digits and bank of every account
   * ever linked there never change, so the newest state names the accounts of every event.
   */
  private async accountsOf(streamId: string): Promise<BankAccountsState> {
    const events = await this.store.readStream(streamId);
    return events.reduce((state, e) => evolveBankAccounts(state, e as unknown as BankAccountEvent), initialBankAccountsState);
  }

  /** The actor while their account exists, the session their request came with while it lives, and the request's address and browser while not erased. */
  private async whoAndWhere(event: RecordedEvent): Promise<{ userId: number | null; sessionId: number | null; ip: string | null; userAgent: string | null }> {
    const d = (event as unknown as BankAccountEvent).data;
    const { rows } = await this.pool.query<{ user_id: number | null; session_id: string | null; ip: string | null; user_agent: string | null }>(
      `SELECT u.user_id, s.session_id, r.ip, r.user_agent
         FROM (SELECT $1::int AS by, $2::text AS session_ref, $3::uuid AS origin_id) e
         LEFT JOIN users u ON u.user_id = e.by
         LEFT JOIN sessions s ON s.user_id = e.by AND e.session_ref IS NOT NULL AND left(encode(s.token_hash, 'hex'), 16) = e.session_ref
         LEFT JOIN request_origins r ON r.origin_id = e.origin_id`,
      [d.by, d.sessionId ?? null, UUID.test(d.originId ?? '') ? d.originId : null],
    );
    const r = rows[0]!;
    return { userId: r.user_id, sessionId: r.session_id === null ? null : Number(r.session_id), ip: r.ip, userAgent: r.user_agent };
  }
}
