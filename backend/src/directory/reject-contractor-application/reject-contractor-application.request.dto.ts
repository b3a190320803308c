import { IsOptional, IsString, MaxLength } from 'class-validator';

export class RejectApplicationRequest {
  @IsOptional() @IsString() @MaxLength(2000) reason?: string;
}
