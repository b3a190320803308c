import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches } from 'class-validator';

export class VerifyBankAccountRequest {
  @IsArray({ message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @ArrayMinSize(2, { message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @ArrayMaxSize(2, { message: 'Enter the two deposit amounts, like ["0.32", "0.45"].' })
  @IsString({ each: true, message: 'Each amount is text like "0.32".' })
  @Matches(/^\d{0,3}(\.\d{1,2})?$/, { each: true, message: 'Each amount is dollars and cents under $1.00, like 0.32.' })
  amounts!: string[];
}
