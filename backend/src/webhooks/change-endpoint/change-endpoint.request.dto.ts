import { WEBHOOK_KIND_NAMES } from '@escrow/domain';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class ChangeEndpointRequest {
  @IsOptional()
  @IsString({ message: 'Enter the https:// URL of your receiver.' })
  @MaxLength(2000, { message: 'The URL is longer than 2000 characters.' })
  url?: string;

  @IsOptional()
  @IsArray({ message: 'kinds is a list of event kinds, such as ["deposit.settled"].' })
  @ArrayMinSize(1, { message: 'Choose at least one kind of event.' })
  @ArrayMaxSize(WEBHOOK_KIND_NAMES.length, { message: 'Each kind once.' })
  @IsIn(WEBHOOK_KIND_NAMES, { each: true, message: `Each kind is one of ${WEBHOOK_KIND_NAMES.join(', ')}.` })
  kinds?: string[];

  @IsOptional()
  @IsString({ message: 'description is text.' })
  @MaxLength(200, { message: 'Keep the description under 200 characters.' })
  description?: string | null;

  /** false pauses deliveries: events while paused are not delivered later. */
  @IsOptional()
  @IsBoolean({ message: 'enabled is true or false.' })
  enabled?: boolean;
}
