import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { IdentityModule, LoginCookies } from '../identity';
import { MailModule } from '../mail';
import { AcceptTeamInvitationHandler } from './accept-team-invitation/accept-team-invitation.handler';
import { AcceptTeamInvitationController } from './accept-team-invitation/accept-team-invitation.http.controller';
import { AdminCompanyTeamController } from './admin-team.http.controller';
import { CheckTeamInvitationController } from './check-team-invitation/check-team-invitation.http.controller';
import { CheckTeamInvitationHandler } from './check-team-invitation/check-team-invitation.query';
import { GetCompanySecurityLogController } from './get-company-security-log/get-company-security-log.http.controller';
import { GetCompanySecurityLogHandler } from './get-company-security-log/get-company-security-log.query';
import { GetTeamHandler } from './get-team.query';
import { InviteMemberHandler } from './invite-member/invite-member.handler';
import { InviteMemberController } from './invite-member/invite-member.http.controller';
import { ChangeMemberRoleHandler, ChangeSigningPolicyHandler, LeaveCompanyHandler, RemoveMemberHandler } from './member-commands.handlers';
import { MembersController } from './members.http.controller';
import { Memberships } from './memberships';
import { ResendInvitationHandler } from './resend-invitation/resend-invitation.handler';
import { AdminResendInvitationController, ResendInvitationController } from './resend-invitation/resend-invitation.http.controller';
import { RevokeInvitationHandler } from './revoke-invitation/revoke-invitation.handler';
import { AdminRevokeInvitationController, RevokeInvitationController } from './revoke-invitation/revoke-invitation.http.controller';
import { TeamMails } from './team.mails';
import { WithdrawInvitationsOfTakenAccounts } from './withdraw-invitations-of-taken-accounts';

/** A contractor company is a team (issue 37): its members, invitations and roles, on the company's stream. */
@Module({
  imports: [CommandSideModule, IdentityModule, MailModule],
  controllers: [
    MembersController,
    InviteMemberController,
    ResendInvitationController,
    RevokeInvitationController,
    CheckTeamInvitationController,
    AcceptTeamInvitationController,
    AdminCompanyTeamController,
    AdminResendInvitationController,
    AdminRevokeInvitationController,
    GetCompanySecurityLogController,
  ],
  providers: [
    Memberships,
    TeamMails,
    LoginCookies,
    GetTeamHandler,
    InviteMemberHandler,
    ResendInvitationHandler,
    RevokeInvitationHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
    LeaveCompanyHandler,
    ChangeSigningPolicyHandler,
    CheckTeamInvitationHandler,
    AcceptTeamInvitationHandler,
    GetCompanySecurityLogHandler,
    WithdrawInvitationsOfTakenAccounts,
  ],
})
export class TeamsModule {}
