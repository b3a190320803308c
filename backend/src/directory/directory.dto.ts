import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { IsId } from '../http/ids';

export const STATES = ['AZ', 'ID', 'NV', 'UT'] as const;
export type State = (typeof STATES)[number];

/** A US ZIP code: 5 digits or ZIP+4; empty clears it. */
export const ZIP_CODE = /^\s*(\d{5}(-\d{4})?)?\s*$/;
export const ZIP_CODE_MESSAGE = 'Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.';

export class NewCustomerRequest {
  @IsString({ message: "Please enter the buyer's first name." })
  @MaxLength(100)
  first_name!: string;

  @IsString({ message: "Please enter the buyer's last name." })
  @MaxLength(100)
  last_name!: string;

  @IsString({ message: "Please enter the buyer's phone number." })
  @MaxLength(30)
  phone!: string;

  @IsString({ message: "Please enter the buyer's email address." })
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(201)
  customer_name?: string;

  /** Set when the buyer is the current user (the buyer-started flow). */
  @IsOptional()
  @IsId('user_id must be a whole number.')
  user_id?: number;
}

export class ContractorApplicationRequest {
  @IsString({ message: 'Please enter the company name.' }) @MaxLength(200) company_name!: string;
  @IsString({ message: 'Please enter your first name.' }) @MaxLength(100) first_name!: string;
  @IsString({ message: 'Please enter your last name.' }) @MaxLength(100) last_name!: string;
  @IsString({ message: 'Please enter your email address.' }) @MaxLength(254) email!: string;
  @IsString({ message: 'Please enter your phone number.' }) @MaxLength(30) phone!: string;
  @IsOptional() @IsString() @MaxLength(200) street?: string;
  @IsString({ message: 'Please enter the city.' }) @MaxLength(100) city!: string;
  @IsIn(STATES as unknown as string[], { message: 'Choose a state we serve: AZ, ID, NV or UT.' }) state!: State;
  @IsOptional() @IsString() @Matches(ZIP_CODE, { message: ZIP_CODE_MESSAGE }) zip_code?: string;
  @IsArray({ message: 'services must be a list of service names.' })
  @ArrayMaxSize(30)
  @IsString({ each: true, message: 'services must be a list of service names.' })
  services!: string[];
  @IsOptional() @IsString() @MaxLength(100) license?: string;
  @IsOptional() @IsString() @MaxLength(200) insurance?: string;
  @IsOptional() @IsString() @MaxLength(300) website_link?: string;
  @IsOptional() @IsString() @MaxLength(5000) message?: string;
}

export class RejectApplicationRequest {
  @IsOptional() @IsString() @MaxLength(2000) reason?: string;
}
