import { IsString, MaxLength } from 'class-validator';

export class LoginRequest {
  @IsString({ message: 'Please enter your email address.' })
  @MaxLength(254, { message: 'That email address is too long.' })
  email!: string;

  @IsString({ message: 'Please enter your password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
