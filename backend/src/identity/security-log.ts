import { type AdminSecurityLogPage, asCompanyRole, type CompanySecurityLogPage } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import type { RequestWithUser } from './access.decorators';
import { browserName } from './browser-name';

/** What the security log records (docs/security.md lists who writes each). */
type SecurityLogKind =
  | 'login'
  | 'login_failed'
  | 'second_factor_failed'
  | 'totp_enrolled'
  | 'totp_removed'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'recovery_codes_generated'
  | 'recovery_codes_removed'
  | 'recovery_code_used'
  | 'factor_alert_sent'
  | 'factor_alert_used'
  | 'step_up'
  | 'session_ended'
  | 'sessions_ended'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_verified'
  | 'password_changed'
  | 'factors_reset_by_admin'
  | 'new_browser_login'
  | 'admin_role_changed'
  | BankAccountLogKind;

/** A bank-account change, written from its event (BankAccountSecurityLog in payments). */
type BankAccountLogKind =
  | 'bank_account_linked'
  | 'bank_account_verified'
  | 'bank_account_verification_failed'
  | 'bank_account_locked'
  | 'payout_account_chosen'
  | 'payout_account_change_confirmed'
  | 'payout_account_change_undone'
  | 'deposit_account_chosen'
  | 'bank_account_removed';

export interface SecurityLogRecord {
  /** Whose account it is about; null for a row about nobody's account any more (an erased user's event). */
  userId: number | null;
  /** Other parts may record kinds of their own (role changes, payout accounts). */
  kind: SecurityLogKind | (string & {});
  /** Who did it, when not the user themselves (an administrator). */
  actorId?: number | null;
  sessionId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown>;
  /** When it happened, if not now (a row written from an event has the event's time). */
  at?: string;
  /** The event the row was written from: a second row for the same event is not written. */
  eventId?: string;
}

const SECURITY_LOG_PAGE_SIZE = 50;

/** A company's membership changes, as Memberships records them (with the company in `detail`). */
const COMPANY_MEMBERSHIP_KINDS = [
  'member_invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_expired',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'member_left',
  'signing_policy_changed',
];
/** What an owner sees of each member's own account: how they signed in and confirmed it was them. */
const MEMBER_ACCESS_KINDS = ['login', 'new_browser_login', 'login_failed', 'second_factor_failed', 'step_up'];

/** The request's address, browser and session, for a record about the caller's own action. */
export function requestContext(request: FastifyRequest): Pick<SecurityLogRecord, 'ip' | 'userAgent' | 'sessionId'> {
  const user = (request as RequestWithUser).user;
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) || null,
    sessionId: user?.sessionId ?? null,
  };
}

/**
 * The append-only record of who did what to an account's security (logins, factors, step-ups,
 * sessions, email and password). A trigger refuses UPDATE and DELETE (factors.migrations.ts).
 */
@Injectable()
export class SecurityLog {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async record(entry: SecurityLogRecord, db: Pool | PoolClient = this.pool): Promise<void> {
    await db.query(
      `INSERT INTO security_log (user_id, actor_id, session_id, kind, ip, user_agent, detail, at, event_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()), $9)
       ON CONFLICT (event_id) DO NOTHING`,
      [
        entry.userId,
        entry.actorId ?? entry.userId,
        entry.sessionId ?? null,
        entry.kind,
        entry.ip ?? null,
        entry.userAgent ? entry.userAgent.slice(0, 300) : null,
        JSON.stringify(entry.detail ?? {}),
        entry.at ?? null,
        entry.eventId ?? null,
      ],
    );
  }

  /** A page (1-based) of the log, newest first: one user's, or everyone's filtered by user and kind. */
  async page(filter: { userId?: number | null; kind?: string | null }, page: number): Promise<AdminSecurityLogPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.userId != null) where.push(`l.user_id = $${params.push(filter.userId)}`);
    if (filter.kind) where.push(`l.kind = $${params.push(filter.kind)}`);
    const { entries, pages } = await this.rows(where, params, page);
    return { entries: entries.map(({ member_company_id: _c, member_role: _r, ...entry }) => entry), page, pages };
  }

  /**
   * A page of a company's security view (issue 37): its membership changes, and the logins and
   * step-ups of its members now since they joined (what a person did before, as a buyer or at
   * another company, is not this company's to read), optionally of one of them.
   */
  async companyPage(companyId: number, userId: number | null, page: number): Promise<CompanySecurityLogPage> {
    const params: unknown[] = [];
    const company = `$${params.push(companyId)}::int`;
    const where = [
      `((l.kind = ANY($${params.push(COMPANY_MEMBERSHIP_KINDS)}) AND l.detail->>'company_id' = (${company})::text)
        OR (l.kind = ANY($${params.push(MEMBER_ACCESS_KINDS)}) AND EXISTS (
              SELECT 1 FROM users u WHERE u.user_id = l.user_id AND u.company_id = ${company} AND u.deleted_at IS NULL
                 AND (u.company_joined_at IS NULL OR l.at >= u.company_joined_at))))`,
    ];
    if (userId !== null) where.push(`l.user_id = $${params.push(userId)}`);
    const { entries, pages } = await this.rows(where, params, page);
    return {
      entries: entries.map(({ member_company_id, member_role, ...entry }) => ({
        ...entry,
        member_role: member_company_id === companyId ? asCompanyRole(member_role) : null,
      })),
      page,
      pages,
    };
  }

  private async rows(where: string[], params: unknown[], page: number) {
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const { rows: counted } = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM security_log l ${clause}`, params);
    const pages = Math.max(1, Math.ceil(counted[0]!.n / SECURITY_LOG_PAGE_SIZE));
    const { rows } = await this.pool.query<{
      at: Date;
      kind: string;
      detail: Record<string, unknown>;
      ip: string | null;
      user_agent: string | null;
      actor_name: string | null;
      user_id: number | null;
      user_name: string | null;
      member_company_id: number | null;
      member_role: string | null;
    }>(
      `SELECT l.at, l.kind, l.detail, l.ip, l.user_agent, a.display_name AS actor_name, l.user_id, u.display_name AS user_name,
              u.company_id AS member_company_id, u.company_role AS member_role
         FROM security_log l LEFT JOIN users a ON a.user_id = l.actor_id LEFT JOIN users u ON u.user_id = l.user_id
         ${clause} ORDER BY l.entry_id DESC LIMIT ${SECURITY_LOG_PAGE_SIZE} OFFSET $${params.push((page - 1) * SECURITY_LOG_PAGE_SIZE)}`,
      params,
    );
    return {
      pages,
      entries: rows.map((r) => ({
        at: r.at.toISOString(),
        kind: r.kind,
        detail: r.detail,
        ip: r.ip,
        browser: r.user_agent ? browserName(r.user_agent) : null,
        actor_name: r.actor_name,
        user_id: r.user_id,
        user_name: r.user_name,
        member_company_id: r.member_company_id,
        member_role: r.member_role,
      })),
    };
  }
}
