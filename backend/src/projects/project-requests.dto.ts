import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

import { IsId } from '../http/ids';

/** The new-project screen's state (docs/product.md#project-creation-state). */
export class JobStateRequest {
  @IsOptional() @IsId('job_id must be the id of the project.') job_id?: number | null;
  @IsId('Choose the buyer of the project (customer_id).') customer_id!: number;
  @IsOptional() @IsString() @MaxLength(201) customer_name?: string;
  @IsString({ message: 'Choose the main service provided.' }) @MaxLength(100) service!: string;
  @IsOptional() @IsString() @MaxLength(200) primary_company_name?: string;
  @IsOptional() @IsId('primary_company_id must be the id of the seller company.') primary_company_id?: number | null;
  @IsBoolean({ message: 'customerInitiated must be true or false.' }) customerInitiated!: boolean;
  @IsOptional() @IsBoolean() new_customer?: boolean;
  @IsOptional() @IsBoolean() alreadyExisted?: boolean;
}

export class PrimaryRequest {
  @IsOptional() @IsId('The seller company id must be a whole number.') company_id?: number | null;
  @IsOptional() @IsId('The seller company id must be a whole number.') primary_company_id?: number | null;
  @IsOptional() @IsString() @MaxLength(200) primary_company_name?: string;
}

export class UpdateJobBasicsRequest {
  @IsObject({ message: 'Send the project state as "state".' })
  @ValidateNested()
  @Type(() => JobStateRequest)
  state!: JobStateRequest;

  @IsOptional()
  @IsObject({ message: 'Send the seller as "primary".' })
  @ValidateNested()
  @Type(() => PrimaryRequest)
  primary?: PrimaryRequest;
}

export class DraftRequest {
  @IsBoolean({ message: 'isDraft must be false to submit the project.' })
  isDraft!: boolean;

  @IsOptional() @IsId('job_id must be the id of a project.') job_id?: number;
}
