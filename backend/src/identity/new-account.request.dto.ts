import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

import type { NewAccountFields } from './invited-account';

/** An invitation accepted by a new account gives its name and a password; a signed-in account sends `{}` (a company's invitation, a certifier's). */
export class NewAccountRequest implements NewAccountFields {
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
