import { PERCENT_TEXT_PATTERN, RETAINAGE_FORMAT } from '@escrow/domain';
import { IsDefined, IsIn, IsOptional } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export class SetProjectTermsRequest {
  /** 0–10, at most two decimals, as a number or plain text ("5", 5 or "2.50"; not " 5", "5%" or "05"); the domain reads it (readRetainagePercent). */
  @IsDefined({ message: RETAINAGE_FORMAT })
  @JSONSchema({
    description: RETAINAGE_FORMAT,
    anyOf: [
      { type: 'string', pattern: PERCENT_TEXT_PATTERN },
      { type: 'number', minimum: 0, maximum: 10 },
    ],
  })
  retainage_percent!: string | number;

  /** The job site's state, one of AZ, ID, NV, UT; null for none (no lien waivers). */
  @IsOptional()
  @IsIn(['AZ', 'ID', 'NV', 'UT'], { message: "site_state is the job site's state: AZ, ID, NV or UT, or null for none." })
  site_state?: 'AZ' | 'ID' | 'NV' | 'UT' | null;
}
