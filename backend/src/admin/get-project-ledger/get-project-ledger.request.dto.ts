import { IsOptional } from 'class-validator';

import { IsIdText } from '../../http/ids';

export class ProjectLedgerRequest {
  @IsOptional()
  @IsIdText('milestone must be a milestone id.')
  milestone?: string;
}
