import { type CompanyCommand, type CompanyEvent, type CompanyState, isFoundingRecord, type MembershipDirectory } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, type HandleResult, nowIso } from '../command-side';
import { SecurityLog, type SecurityLogRecord, SessionCache, SessionsService } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { companyStream, membershipDirectory, writeMembershipToUsers } from './company-stream';
import { TeamMails } from './team.mails';

/** Where the request came from, for the security log (requestContext). */
export type RequestTrail = Pick<SecurityLogRecord, 'ip' | 'userAgent' | 'sessionId'>;

const LOG_KIND: Record<CompanyEvent['type'], string> = {
  MemberInvited: 'member_invited',
  InvitationResent: 'invitation_resent',
  InvitationRevoked: 'invitation_revoked',
  InvitationExpired: 'invitation_expired',
  MemberJoined: 'member_joined',
  MemberRoleChanged: 'member_role_changed',
  MemberRemoved: 'member_removed',
  MemberLeft: 'member_left',
  SigningPolicyChanged: 'signing_policy_changed',
};

/**
 * Decides a membership command on the company's stream, then makes it hold at once: the users
 * table the access guard reads is written before the answer, a removed member's sessions end,
 * a changed member's cached sessions are forgotten in every process, the security log and the
 * mails follow. Every membership route goes through here.
 */
@Injectable()
export class Memberships {
  constructor(
    private readonly streams: EventStreams,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionsService,
    private readonly cache: SessionCache,
    private readonly log: SecurityLog,
    private readonly mails: TeamMails,
  ) {}

  async decide(
    companyId: number,
    command: (directory: MembershipDirectory) => CompanyCommand,
    trail: RequestTrail,
  ): Promise<HandleResult<CompanyState, CompanyEvent>> {
    const directory = await membershipDirectory(this.pool, companyId);
    const people = await this.people(companyId);
    const result = await this.streams.decide(companyStream, companyId, command(directory));
    const changes = await writeMembershipToUsers(this.pool, this.streams, companyId);
    // A removed member is logged out everywhere at once; a changed one is read again on the next request.
    for (const userId of changes.gone) await this.sessions.revokeAll(userId);
    for (const userId of changes.changed) await this.cache.revoke({ userId });
    if (result.events.some((e) => e.type === 'SigningPolicyChanged')) await this.cache.revoke({ companyId });
    if (result.replayed) return result;
    for (const [userId, person] of await this.people(companyId)) if (!people.has(userId)) people.set(userId, person);
    // The founding members recorded with this change (companyStream) are history, not news.
    const news = result.events.filter((e) => !isFoundingRecord(e));
    for (const event of news) await this.log.record(this.logEntry(event, trail));
    await this.mails.after(news, people);
    return result;
  }

  /**
   * Records on the company's stream the members only the users table knows (the demo seed adds
   * its team to an installation seeded before teams existed), once: RecordFoundingMembers names
   * only those the stream does not. A stream that names nobody yet is left as it is: its founders
   * are recorded with its first change (decideCompanyRecordingFounders). Answers how many joined.
   */
  async recordDirectoryMembers(companyId: number): Promise<number> {
    const [state, directory] = await Promise.all([this.streams.current(companyStream, companyId), membershipDirectory(this.pool, companyId)]);
    const recorded = Object.keys(state.members);
    if (recorded.length === 0 || Object.keys(directory.members).every((id) => recorded.includes(id))) return 0;
    const result = await this.decide(
      companyId,
      (now) => ({
        type: 'RecordFoundingMembers',
        data: { companyId, sessionId: null, directory: now },
        metadata: { now: nowIso(), actorId: 0, actorRole: 'system' },
      }),
      { ip: null, userAgent: null, sessionId: null },
    );
    return result.events.length;
  }

  private async people(companyId: number): Promise<Map<number, { user_id: number; email: string; display_name: string }>> {
    const { rows } = await this.pool.query<{ user_id: number; email: string; display_name: string }>(
      'SELECT user_id, email, display_name FROM users WHERE company_id = $1 AND deleted_at IS NULL',
      [companyId],
    );
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  private logEntry(event: CompanyEvent, trail: RequestTrail): SecurityLogRecord {
    const d = event.data;
    const subject = 'userId' in d ? d.userId : d.by > 0 ? d.by : null;
    const detail: Record<string, unknown> = { company_id: d.companyId, by_role: d.byRole };
    if ('role' in d) detail.role = d.role;
    if ('from' in d) detail.from = d.from;
    if ('policy' in d) detail.policy = d.policy;
    if ('invitationId' in d) detail.invitation_id = d.invitationId;
    return {
      userId: subject,
      actorId: d.by > 0 ? d.by : null,
      kind: LOG_KIND[event.type],
      ...(d.byRole === 'system' ? {} : trail),
      detail,
      at: d.at,
    };
  }
}
