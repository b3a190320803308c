import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class ResolveDisputeRequest {
  @IsIn(['release', 'refund', 'split'], { message: 'Resolve a dispute by release, refund or split.' })
  resolution!: 'release' | 'refund' | 'split';

  @IsOptional()
  refund_amount?: string | number | null;

  @IsOptional()
  @IsString()
  @MaxLength(5000)
  note?: string;
}
