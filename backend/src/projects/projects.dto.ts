import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

/** The new-project screen's state (spec §3 "Project (job) creation state"). */
export class JobStateRequest {
  @IsOptional() @IsInt({ message: 'job_id must be the id of the project.' }) @Min(1) job_id?: number | null;
  @IsInt({ message: 'Choose the buyer of the project (customer_id).' }) @Min(1) customer_id!: number;
  @IsOptional() @IsString() @MaxLength(201) customer_name?: string;
  @IsString({ message: 'Choose the main service provided.' }) @MaxLength(100) service!: string;
  @IsOptional() @IsString() @MaxLength(200) primary_company_name?: string;
  @IsOptional() @IsInt({ message: 'primary_company_id must be the id of the seller company.' }) @Min(1) primary_company_id?: number | null;
  @IsBoolean({ message: 'customerInitiated must be true or false.' }) customerInitiated!: boolean;
  @IsOptional() @IsBoolean() new_customer?: boolean;
  @IsOptional() @IsBoolean() alreadyExisted?: boolean;
}

export class PrimaryRequest {
  @IsOptional() @IsInt({ message: 'The seller company id must be a whole number.' }) @Min(1) company_id?: number | null;
  @IsOptional() @IsInt({ message: 'The seller company id must be a whole number.' }) @Min(1) primary_company_id?: number | null;
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

  @IsOptional() @IsInt() @Min(1) job_id?: number;
}
