import type { SigningPolicyView, TeamMember, TeamView } from '@escrow/domain';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, requestContext, sessionRefOf, type SessionUser, StepUp } from '../identity';
import { GetTeam } from './get-team.query';
import { ChangeMemberRole, ChangeSigningPolicy, LeaveCompany, RemoveMember } from './member-commands';
import { ChangeMemberRoleRequest, ChangeSigningPolicyRequest } from './member-requests.dto';

type Member = SessionUser & { companyId: number };

/** The Team page's routes (issue 37): who is in the company, and an owner's changes to it, each with step-up. */
@Controller('company')
@Access('company')
export class MembersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Answers('TeamView')
  @MemberMay('read')
  @Get('team')
  team(@CurrentUser() user: Member): Promise<TeamView> {
    return this.queryBus.execute(new GetTeam(user));
  }

  @Answers('TeamMember')
  @MemberMay('members.manage')
  @Patch('members/:userId')
  @StepUp()
  changeRole(
    @Param('userId', ParseIdPipe) userId: number,
    @Body() body: ChangeMemberRoleRequest,
    @CurrentUser() user: Member,
    @Req() request: FastifyRequest,
  ): Promise<TeamMember> {
    return this.commandBus.execute(new ChangeMemberRole(user, sessionRefOf(request), requestContext(request), userId, body.role));
  }

  @ApiResponse({ status: 204, description: 'Removed: their sessions ended.' })
  @MemberMay('members.manage')
  @Delete('members/:userId')
  @HttpCode(204)
  @StepUp()
  async remove(@Param('userId', ParseIdPipe) userId: number, @CurrentUser() user: Member, @Req() request: FastifyRequest): Promise<void> {
    await this.commandBus.execute(new RemoveMember(user, sessionRefOf(request), requestContext(request), userId));
  }

  @ApiResponse({ status: 204, description: 'Left the company.' })
  @MemberMay('own_account')
  @Post('leave')
  @HttpCode(204)
  @StepUp()
  async leave(@CurrentUser() user: Member, @Req() request: FastifyRequest): Promise<void> {
    await this.commandBus.execute(new LeaveCompany(user, sessionRefOf(request), requestContext(request)));
  }

  @Answers('SigningPolicyView')
  @MemberMay('members.manage')
  @Put('signing-policy')
  @StepUp()
  changeSigningPolicy(@Body() body: ChangeSigningPolicyRequest, @CurrentUser() user: Member, @Req() request: FastifyRequest): Promise<SigningPolicyView> {
    return this.commandBus.execute(new ChangeSigningPolicy(user, sessionRefOf(request), requestContext(request), body.signing_policy));
  }
}
