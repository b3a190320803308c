import type { BuyerMatch } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, MemberMay } from '../../identity';
import { FindBuyersByPhone } from './find-buyers-by-phone.query';

/** The buyer search of the new-project screen. */
@Controller()
export class FindBuyersByPhoneController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['BuyerMatch'])
  @MemberMay('projects.edit')
  @Get('customer/search/phone/:phone')
  @Access('user')
  find(@Param('phone') phone: string): Promise<BuyerMatch[]> {
    return this.queryBus.execute(new FindBuyersByPhone(phone));
  }
}
