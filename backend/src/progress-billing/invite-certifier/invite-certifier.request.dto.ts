import { IsEmail, MaxLength } from 'class-validator';

export class InviteCertifierRequest {
  @IsEmail({}, { message: 'Enter the email address of the person who will certify pay applications.' })
  @MaxLength(254, { message: 'That email address is too long.' })
  email!: string;
}
