import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { GetLienWaiverDocument } from '../lien-waiver-document.query';
import { SignLienWaiverCommand } from './sign-lien-waiver.command';
import { SignLienWaiverRequest } from './sign-lien-waiver.request.dto';

@Controller()
@Access('company')
export class SignLienWaiverController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('LienWaiverDocument')
  @MemberMay('lien_waivers.sign')
  @Post('milestone/:id/waivers/sign')
  @StepUp()
  @RequireVerifiedEmail()
  @HttpCode(200)
  async sign(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: SignLienWaiverRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    const { waiverName } = await this.commandBus.execute(
      new SignLienWaiverCommand(user, versionId, body.payment, body.mp_id, body.kind, body.signed_name, body.waiver_hash, key),
    );
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetLienWaiverDocument(user, waiverName));
  }
}
