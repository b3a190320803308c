import type { SigningPolicyView, TeamMember } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { metadataOf } from '../command-side';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { ChangeMemberRole, ChangeSigningPolicy, LeaveCompany, RemoveMember } from './member-commands';
import { Memberships } from './memberships';
import { companyTeam } from './team-view';

@CommandHandler(ChangeMemberRole)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRole> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: Memberships,
  ) {}

  async execute(c: ChangeMemberRole): Promise<TeamMember> {
    const companyId = c.owner.companyId;
    await this.memberships.decide(
      companyId,
      (directory) => ({
        type: 'ChangeMemberRole',
        data: { companyId, sessionId: c.sessionRef, directory, userId: c.userId, role: c.role },
        metadata: metadataOf(c.owner),
      }),
      c.trail,
    );
    const team = await companyTeam(this.pool, companyId, false);
    return team.members.find((m) => m.user_id === c.userId)!;
  }
}

@CommandHandler(RemoveMember)
export class RemoveMemberHandler implements ICommandHandler<RemoveMember> {
  constructor(private readonly memberships: Memberships) {}

  async execute(c: RemoveMember): Promise<void> {
    const companyId = c.owner.companyId;
    await this.memberships.decide(
      companyId,
      (directory) => ({ type: 'RemoveMember', data: { companyId, sessionId: c.sessionRef, directory, userId: c.userId }, metadata: metadataOf(c.owner) }),
      c.trail,
    );
  }
}

@CommandHandler(LeaveCompany)
export class LeaveCompanyHandler implements ICommandHandler<LeaveCompany> {
  constructor(private readonly memberships: Memberships) {}

  async execute(c: LeaveCompany): Promise<void> {
    const companyId = c.member.companyId;
    await this.memberships.decide(
      companyId,
      (directory) => ({ type: 'LeaveCompany', data: { companyId, sessionId: c.sessionRef, directory }, metadata: metadataOf(c.member) }),
      c.trail,
    );
  }
}

@CommandHandler(ChangeSigningPolicy)
export class ChangeSigningPolicyHandler implements ICommandHandler<ChangeSigningPolicy> {
  constructor(private readonly memberships: Memberships) {}

  async execute(c: ChangeSigningPolicy): Promise<SigningPolicyView> {
    const companyId = c.owner.companyId;
    await this.memberships.decide(
      companyId,
      (directory) => ({
        type: 'ChangeSigningPolicy',
        data: { companyId, sessionId: c.sessionRef, directory, policy: c.policy },
        metadata: metadataOf(c.owner),
      }),
      c.trail,
    );
    return { signing_policy: c.policy };
  }
}
