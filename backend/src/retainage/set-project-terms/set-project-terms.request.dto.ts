import { IsDefined, IsIn, IsOptional } from 'class-validator';

export class SetProjectTermsRequest {
  /** 0–10, at most two decimals ("5" or 5 or "2.50"); the domain says what is wrong with it. */
  @IsDefined({ message: 'Enter the retainage as a percentage from 0 to 10, with at most two decimals.' })
  retainage_percent!: string | number;

  /** The job site's state, one of AZ, ID, NV, UT; null for none (no lien waivers). */
  @IsOptional()
  @IsIn(['AZ', 'ID', 'NV', 'UT'], { message: "site_state is the job site's state: AZ, ID, NV or UT, or null for none." })
  site_state?: 'AZ' | 'ID' | 'NV' | 'UT' | null;
}
