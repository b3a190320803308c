import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { GetLienWaiverDocument } from '../lien-waiver-document.query';
import { SignBillingLienWaiverCommand } from './sign-billing-lien-waiver.command';
import { SignBillingLienWaiverRequest } from './sign-billing-lien-waiver.request.dto';

/** The milestone route's twin for a progress-billed payout: the same who (the payee company's users), checks and answer. */
@Controller()
@Access('company')
export class SignBillingLienWaiverController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('LienWaiverDocument')
  @MemberMay('lien_waivers.sign')
  @Post('job/:id/billing/waivers/sign')
  @StepUp()
  @RequireVerifiedEmail()
  @HttpCode(200)
  async sign(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: SignBillingLienWaiverRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    const { waiverName } = await this.commandBus.execute(
      new SignBillingLienWaiverCommand(user, projectId, body.payout_id, body.kind, body.signed_name, body.waiver_hash, key),
    );
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetLienWaiverDocument(user, waiverName));
  }
}
