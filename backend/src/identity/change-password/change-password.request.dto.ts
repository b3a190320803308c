import { IsString, MaxLength } from 'class-validator';

export class ChangePasswordRequest {
  @IsString({ message: 'Please enter your current password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  current_password!: string;

  @IsString({ message: 'Please choose a new password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
