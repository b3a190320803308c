import type { CompanyRole, SigningPolicy, SigningPolicyView, TeamMember } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import type { RequestTrail } from './memberships';

type Member = SessionUser & { companyId: number };

/** PATCH /api/company/members/{userId}: an owner changes a member's role (step-up). */
export class ChangeMemberRole extends Command<TeamMember> {
  constructor(
    readonly owner: Member,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly userId: number,
    readonly role: CompanyRole,
  ) {
    super();
  }
}

/** DELETE /api/company/members/{userId}: an owner removes a member, whose sessions end at once (step-up). */
export class RemoveMember extends Command<void> {
  constructor(
    readonly owner: Member,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly userId: number,
  ) {
    super();
  }
}

/** POST /api/company/leave: a member leaves the company (step-up). */
export class LeaveCompany extends Command<void> {
  constructor(
    readonly member: Member,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
  ) {
    super();
  }
}

/** PUT /api/company/signing-policy: who may sign the escrow agreement for the company (an owner, step-up). */
export class ChangeSigningPolicy extends Command<SigningPolicyView> {
  constructor(
    readonly owner: Member,
    readonly sessionRef: string | null,
    readonly trail: RequestTrail,
    readonly policy: SigningPolicy,
  ) {
    super();
  }
}
