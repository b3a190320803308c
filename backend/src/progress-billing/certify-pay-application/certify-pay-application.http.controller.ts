import { BILLING_MEMBER_ACTIONS, type CertificationDecisionInput } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser, StepUp } from '../../identity';
import { CertifyPayApplicationRequest } from '../billing-requests.dto';
import { CertifyPayApplicationCommand } from './certify-pay-application.command';

/**
 * Certifying decides what leaves escrow (a certificate certified as billed releases its payment
 * at once), so it asks for a step-up, from the buyer and the certifier alike.
 */
@Controller()
@Access('user')
export class CertifyPayApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayApplicationView')
  @Post('job/:id/pay-applications/:number/certify')
  @MemberMay(BILLING_MEMBER_ACTIONS.CertifyPayApplication)
  @StepUp()
  @HttpCode(200)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('number', ParseIdPipe) applicationNumber: number,
    @Body() body: CertifyPayApplicationRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    const lines = body.lines.map(
      (l) =>
        ({
          line: l.line,
          decision: l.decision,
          workThisPeriod: l.work_this_period ?? undefined,
          storedMaterials: l.stored_materials ?? undefined,
          reason: l.reason ?? undefined,
        }) as CertificationDecisionInput,
    );
    return this.commandBus.execute(new CertifyPayApplicationCommand(user, projectId, applicationNumber, body.revision, lines, key));
  }
}
