import type { DeadLetterRow } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListDeadLetters } from './list-dead-letters.query';

@Controller('admin/projections')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListDeadLettersController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':name/dead-letters')
  @Answers(['DeadLetterRow'])
  list(@Param('name') name: string): Promise<DeadLetterRow[]> {
    return this.queryBus.execute(new ListDeadLetters(name));
  }
}
