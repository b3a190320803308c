import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

const DISPUTE_ID = 'dispute_id is the id of the open retainage dispute of this project.';

/** The query of POST /api/job/{id}/retainage/attachments: the dispute the file is evidence in. */
export class AttachRetainageEvidenceRequest {
  @Type(() => Number)
  @IsInt({ message: DISPUTE_ID })
  @Min(1, { message: DISPUTE_ID })
  @Max(2_147_483_647, { message: DISPUTE_ID })
  dispute_id!: number;
}
