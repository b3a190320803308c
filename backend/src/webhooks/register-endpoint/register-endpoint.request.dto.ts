import { IsOptional, IsString, MaxLength } from 'class-validator';

import { WebhookKinds } from '../kinds.validation';

export class RegisterEndpointRequest {
  @IsString({ message: 'Enter the https:// URL of your receiver.' })
  @MaxLength(2000, { message: 'The URL is longer than 2000 characters.' })
  url!: string;

  @WebhookKinds()
  kinds!: string[];

  @IsOptional()
  @IsString({ message: 'description is text.' })
  @MaxLength(200, { message: 'Keep the description under 200 characters.' })
  description?: string | null;
}
