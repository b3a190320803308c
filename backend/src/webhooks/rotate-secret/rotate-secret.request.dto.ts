import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class RotateSecretRequest {
  /** How long the previous secret keeps signing too (0 ends it at once); 24 by default. */
  @IsOptional()
  @IsInt({ message: 'overlap_hours is a whole number of hours.' })
  @Min(0, { message: 'overlap_hours is 0 to 168.' })
  @Max(168, { message: 'overlap_hours is 0 to 168 (a week).' })
  overlap_hours?: number;
}
