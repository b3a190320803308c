import { IsIn, IsString, Matches, MaxLength } from 'class-validator';

import { IsId } from '../../http/ids';

export class SignBillingLienWaiverRequest {
  @IsId('payout_id must be the payout (payout_id) the waiver is for.')
  payout_id!: number;

  @IsIn(['conditional', 'unconditional'], { message: 'kind is conditional or unconditional.' })
  kind!: 'conditional' | 'unconditional';

  @IsString({ message: 'Type your full name to sign.' })
  @MaxLength(200, { message: 'That name is too long.' })
  signed_name!: string;

  /** The SHA-256 of the waiver text the signer read: a text that changed meanwhile is refused. */
  @IsString({ message: 'waiver_hash must name the waiver text you read.' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'waiver_hash must name the waiver text you read.' })
  waiver_hash!: string;
}
