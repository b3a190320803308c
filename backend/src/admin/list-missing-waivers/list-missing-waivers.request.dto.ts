import { IsIn, IsOptional } from 'class-validator';

export class MissingWaiversRequest {
  @IsOptional()
  @IsIn(['csv', 'json'], { message: 'format is csv or json.' })
  format?: 'csv' | 'json';
}
