import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetRetainage } from '../retainage.query';
import { SetProjectTermsCommand } from './set-project-terms.command';
import { SetProjectTermsRequest } from './set-project-terms.request.dto';

@Controller()
@Access('user')
export class SetProjectTermsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('RetainageView')
  @MemberMay('projects.edit')
  @Put('job/:id/terms')
  async handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: SetProjectTermsRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    await this.commandBus.execute(new SetProjectTermsCommand(user, projectId, body.retainage_percent, body.site_state ?? null, key));
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }
}
