import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class ResolveRetainageDisputeRequest {
  @IsIn(['release', 'refund'], { message: 'Resolve a retainage dispute by release (to the payees) or refund (to the buyer).' })
  resolution!: 'release' | 'refund';

  @IsOptional()
  @IsString({ message: 'The note must be text.' })
  @MaxLength(5000, { message: 'Keep the note under 5000 characters.' })
  note?: string;
}
