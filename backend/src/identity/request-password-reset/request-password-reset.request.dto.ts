import { IsString, MaxLength } from 'class-validator';

export class ForgotPasswordRequest {
  @IsString({ message: 'Please enter your email address.' })
  @MaxLength(254)
  email!: string;
}
