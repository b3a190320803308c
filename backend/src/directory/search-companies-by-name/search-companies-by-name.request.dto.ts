import { IsIn, IsOptional } from 'class-validator';

export class SearchCompaniesByNameRequest {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'exclude_current_user must be true or false.' })
  exclude_current_user?: 'true' | 'false';
}
