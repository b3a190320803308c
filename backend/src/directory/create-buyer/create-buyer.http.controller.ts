import type { ProjectBuyerView } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { CreateBuyer } from './create-buyer.command';
import { NewCustomerRequest } from './create-buyer.request.dto';

/** The buyer section of the new-project screen (docs/product.md#new-buyer-form): create the buyer, or name yourself. */
@Controller()
export class CreateBuyerController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProjectBuyerView', HttpStatus.CREATED)
  @MemberMay('projects.edit')
  @Post('job/customer/new')
  @Access('user')
  @HttpCode(201)
  create(@Body() body: NewCustomerRequest, @CurrentUser() user: SessionUser): Promise<ProjectBuyerView> {
    return this.commandBus.execute(new CreateBuyer(user, body.first_name, body.last_name, body.email, body.phone, body.user_id ?? null));
  }
}
