import type { SignedAgreementView } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,RequireVerifiedEmail, type SessionUser } from '../../identity';
import { SignAgreement } from './sign-agreement.command';
import { SignAgreementRequest } from './sign-agreement.request.dto';

@Controller()
@Access('user')
export class SignAgreementController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('SignedAgreementView')
  @MemberMay('agreement.sign')
  @Post('job/:id/agreement/sign')
  @RequireVerifiedEmail()
  @HttpCode(200)
  async sign(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: SignAgreementRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<SignedAgreementView> {
    return this.commandBus.execute(new SignAgreement(user, projectId, body.signer_type, body.signed_name, body.agreement_hash, key));
  }
}
