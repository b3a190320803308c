import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { TrimmedOrAbsent } from '../../http/query-values';
import { STATE_MESSAGE, STATES } from '../company-address';

// Rules run from the bottom decorator up: "too long" is answered before the state's own rule.
export class SearchCompaniesRequest {
  @TrimmedOrAbsent()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsOptional()
  @IsString({ message: 'state must be given once, as text.' })
  @Matches(new RegExp(`^(${STATES.join('|')})$`), { message: STATE_MESSAGE })
  @MaxLength(100, { message: 'state is too long.' })
  state?: string;

  @TrimmedOrAbsent()
  @IsOptional()
  @IsString({ message: 'service must be given once, as text.' })
  @MaxLength(100, { message: 'service is too long.' })
  service?: string;
}
