import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { type State, STATE_MESSAGE, STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from '../company-address';

export class ContractorApplicationRequest {
  @IsString({ message: 'Please enter the company name.' }) @MaxLength(200) company_name!: string;
  @IsString({ message: 'Please enter your first name.' }) @MaxLength(100) first_name!: string;
  @IsString({ message: 'Please enter your last name.' }) @MaxLength(100) last_name!: string;
  @IsString({ message: 'Please enter your email address.' }) @MaxLength(254) email!: string;
  @IsString({ message: 'Please enter your phone number.' }) @MaxLength(30) phone!: string;
  @IsOptional() @IsString() @MaxLength(200) street?: string;
  @IsString({ message: 'Please enter the city.' }) @MaxLength(100) city!: string;
  @IsIn(STATES as unknown as string[], { message: STATE_MESSAGE }) state!: State;
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
