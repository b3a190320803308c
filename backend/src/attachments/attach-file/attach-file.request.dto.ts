import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

const PLACES = ['version', 'rejection', 'completion', 'dispute'] as const;

/** The query of POST /api/milestone/{id}/attachments: what the file is evidence of. */
export class AttachFileRequest {
  @IsIn(PLACES, { message: 'to is version (the terms), rejection (why a version was rejected), completion (the work done) or dispute.' })
  to!: (typeof PLACES)[number];

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'dispute_id is the id of an open dispute on this milestone.' })
  @Min(1, { message: 'dispute_id is the id of an open dispute on this milestone.' })
  @Max(2_147_483_647, { message: 'dispute_id is the id of an open dispute on this milestone.' })
  dispute_id?: number;
}
