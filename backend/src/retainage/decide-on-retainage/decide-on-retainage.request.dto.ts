import { IsString, MaxLength } from 'class-validator';

export class RetainageStatementRequest {
  @IsString({ message: 'Explain what the disagreement about the retainage is.' })
  @MaxLength(5000, { message: 'Keep the statement under 5000 characters.' })
  statement!: string;
}
