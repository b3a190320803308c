import { IsString, MaxLength } from 'class-validator';

export class LoginRequest {
  @IsString({ message: 'Please enter your email address.' })
  @MaxLength(254, { message: 'That email address is too long.' })
  email!: string;

  @IsString({ message: 'Please enter your password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}

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

export class AcceptInvitationRequest {
  @IsString({ message: 'Please choose a password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
