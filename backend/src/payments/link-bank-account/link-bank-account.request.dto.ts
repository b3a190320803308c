import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { IsId } from '../../http/ids';

export class LinkBankAccountRequest {
  @IsIn(['deposit', 'payout'], { message: 'purpose is deposit (buyers) or payout (companies).' })
  purpose!: 'deposit' | 'payout';

  @IsOptional() @IsId('job_id must be the id of a project.') job_id?: number;

  @IsString({ message: "Enter the account holder's name." }) @MaxLength(200) holder_name!: string;

  @IsOptional() @IsString() @MaxLength(200) bank_name?: string;

  @IsString({ message: 'Enter the 9-digit routing number.' })
  @Matches(/^\d{9}$/, { message: 'The routing number has 9 digits.' })
  routing_number!: string;

  @IsString({ message: 'Enter the account number.' })
  @Matches(/^\d{4,17}$/, { message: 'The account number has 4 to 17 digits.' })
  account_number!: string;
}
