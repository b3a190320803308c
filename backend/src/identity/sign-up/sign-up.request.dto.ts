import { IsString, MaxLength } from 'class-validator';

export class SignupRequest {
  @IsString({ message: 'Please enter your first name.' })
  @MaxLength(100)
  first_name!: string;

  @IsString({ message: 'Please enter your last name.' })
  @MaxLength(100)
  last_name!: string;

  @IsString({ message: 'Please enter your phone number.' })
  @MaxLength(30)
  phone!: string;

  @IsString({ message: 'Please enter your email address.' })
  @MaxLength(254)
  email!: string;

  @IsString({ message: 'Please choose a password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
