import { IsOptional, IsString, MaxLength } from 'class-validator';

export class DeleteAccountRequest {
  @IsString({ message: 'Please enter an email address.' })
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString({ message: 'The note must be text.' })
  @MaxLength(2000, { message: 'Please keep the note under 2000 characters.' })
  note?: string;
}
