import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

export class DecideOnRetainageResolutionRequest {
  /** The proposal the administrator saw: a different one (rejected and proposed again meanwhile) is refused. */
  @IsOptional()
  @IsInt({ message: 'proposal_id is the number of the proposal you saw.' })
  @Min(1, { message: 'proposal_id is the number of the proposal you saw.' })
  proposal_id?: number | null;

  @IsOptional()
  @IsString({ message: 'The note must be text.' })
  @MaxLength(5000, { message: 'Keep the note under 5000 characters.' })
  note?: string;
}
