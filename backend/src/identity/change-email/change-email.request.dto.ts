import { IsEmail, IsString, MaxLength } from 'class-validator';

export class ChangeEmailRequest {
  @IsString({ message: 'Please enter your new email address.' })
  @MaxLength(254, { message: 'That email address is too long.' })
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  email!: string;
}
