import { IsString, MaxLength } from 'class-validator';

export class ResetPasswordRequest {
  @IsString({ message: 'The reset link is incomplete. Open the link from the email again.' })
  @MaxLength(100)
  code!: string;

  @IsString({ message: 'Please choose a new password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
