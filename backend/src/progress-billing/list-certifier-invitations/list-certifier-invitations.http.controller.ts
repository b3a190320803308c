import type { CertifierInvitationView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ListCertifierInvitations } from './list-certifier-invitations.query';

/** The buyer's certifier invitations: pending, accepted, expired or withdrawn. */
@Controller()
@Access('user')
export class ListCertifierInvitationsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['CertifierInvitationView'])
  @Get('job/:id/certifier-invitations')
  @MemberMay('read')
  list(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<CertifierInvitationView[]> {
    return this.queryBus.execute(new ListCertifierInvitations(user, projectId));
  }
}
