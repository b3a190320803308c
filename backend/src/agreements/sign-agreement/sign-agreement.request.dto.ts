import { IsIn, IsString, Matches, MaxLength } from 'class-validator';

export class SignAgreementRequest {
  @IsIn(['customer', 'company'], { message: 'signer_type is customer (the buyer) or company (the seller).' })
  signer_type!: 'customer' | 'company';

  @IsString({ message: 'Type your full name to sign.' })
  @MaxLength(200)
  signed_name!: string;

  /** The hash of the text the signer read: signing a text that changed meanwhile is refused. */
  @IsString({ message: 'agreement_hash must name the text you read.' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'agreement_hash must name the text you read.' })
  agreement_hash!: string;
}
