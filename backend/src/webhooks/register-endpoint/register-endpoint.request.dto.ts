import { WEBHOOK_KIND_NAMES } from '@escrow/domain';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const KINDS_MESSAGE = `Each kind is one of ${WEBHOOK_KIND_NAMES.join(', ')}.`;

export class RegisterEndpointRequest {
  @IsString({ message: 'Enter the https:// URL of your receiver.' })
  @MaxLength(2000, { message: 'The URL is longer than 2000 characters.' })
  url!: string;

  @IsArray({ message: 'kinds is a list of event kinds, such as ["deposit.settled"].' })
  @ArrayMinSize(1, { message: 'Choose at least one kind of event.' })
  @ArrayMaxSize(WEBHOOK_KIND_NAMES.length, { message: 'Each kind once.' })
  @IsIn(WEBHOOK_KIND_NAMES, { each: true, message: KINDS_MESSAGE })
  kinds!: string[];

  @IsOptional()
  @IsString({ message: 'description is text.' })
  @MaxLength(200, { message: 'Keep the description under 200 characters.' })
  description?: string | null;
}
