import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { STATE_MESSAGE, STATES, ZIP_CODE, ZIP_CODE_MESSAGE } from '../../directory';

export class UpdateCompanyRequest {
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsString() @MaxLength(200) street?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsIn(STATES as unknown as string[], { message: STATE_MESSAGE }) state?: string;
  @IsOptional() @IsString() @Matches(ZIP_CODE, { message: ZIP_CODE_MESSAGE }) zip_code?: string;
  @IsOptional() @IsString() @MaxLength(30) phone?: string;
  @IsOptional() @IsString() @MaxLength(254) contact_email?: string;
  @IsOptional() @IsString() @MaxLength(300) website_link?: string;
  @IsOptional() @IsString() @MaxLength(100) license?: string;
  @IsOptional() @IsString() @MaxLength(200) insurance?: string;
  @IsOptional() @IsString() @MaxLength(5000) bio?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsString({ each: true }) services?: string[];
}
