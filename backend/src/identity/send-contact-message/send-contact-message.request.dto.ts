import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ContactRequest {
  @IsString({ message: 'Please enter your name.' })
  @MaxLength(200)
  name!: string;

  @IsString({ message: 'Please enter your email address.' })
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(30)
  phone?: string;

  @IsString({ message: 'Please write your message.' })
  @MaxLength(5000, { message: 'Please keep your message under 5000 characters.' })
  message!: string;
}
