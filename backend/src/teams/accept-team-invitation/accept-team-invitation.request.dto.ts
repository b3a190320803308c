import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** A new account gives its name and a password; a signed-in account without a company sends `{}`. */
export class AcceptTeamInvitationRequest {
  @IsOptional()
  @IsString({ message: 'Enter your first name.' })
  @MinLength(1, { message: 'Enter your first name.' })
  @MaxLength(100, { message: 'That first name is too long.' })
  first_name?: string;

  @IsOptional()
  @IsString({ message: 'Enter your last name.' })
  @MinLength(1, { message: 'Enter your last name.' })
  @MaxLength(100, { message: 'That last name is too long.' })
  last_name?: string;

  @IsOptional()
  @IsString({ message: 'Please choose a password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password?: string;
}
