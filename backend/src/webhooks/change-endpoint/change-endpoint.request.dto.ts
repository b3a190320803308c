import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

import { WebhookKinds } from '../kinds.validation';

export class ChangeEndpointRequest {
  @IsOptional()
  @IsString({ message: 'Enter the https:// URL of your receiver.' })
  @MaxLength(2000, { message: 'The URL is longer than 2000 characters.' })
  url?: string;

  @IsOptional()
  @WebhookKinds()
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
