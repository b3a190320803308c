import { IsString, MaxLength } from 'class-validator';

export class AcceptInvitationRequest {
  @IsString({ message: 'Please choose a password.' })
  @MaxLength(200, { message: 'That password is too long.' })
  password!: string;
}
