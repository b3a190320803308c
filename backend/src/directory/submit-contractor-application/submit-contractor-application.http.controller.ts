import type { ContractorApplicationReceipt } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { SubmitContractorApplication } from './submit-contractor-application.command';
import { ContractorApplicationRequest } from './submit-contractor-application.request.dto';

/** Contractor applications (/apply, /join): submitted by anyone, decided by an admin. */
@Controller()
export class SubmitContractorApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ContractorApplicationReceipt', HttpStatus.CREATED)
  @Post('contractor/applications')
  @HttpCode(201)
  apply(@Body() body: ContractorApplicationRequest, @Req() request: FastifyRequest): Promise<ContractorApplicationReceipt> {
    return this.commandBus.execute(new SubmitContractorApplication(body, request.ip));
  }
}
