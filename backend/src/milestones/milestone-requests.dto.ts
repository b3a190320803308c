import { MAX_TEXT, MAX_TITLE, PERCENT_FORMAT, PERCENT_TEXT_PATTERN } from '@escrow/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

import { IsId } from '../http/ids';

export class PayeeRequest {
  @IsId('Each payee needs jc_id, the id of the company to pay.')
  jc_id!: number;

  @IsIn(['fixed', 'percent', 'remainder'], { message: 'A payee type is fixed, percent or remainder.' })
  type!: 'fixed' | 'percent' | 'remainder';

  /** Dollars, for fixed payees. */
  @IsOptional()
  amount?: string | number | null;

  /** 0–100, for percent payees: a number or plain text ("25", 12.5; not "25%" or " 25"), read by the domain (computeMilestoneTerms). */
  @IsOptional()
  @JSONSchema({
    description: PERCENT_FORMAT,
    nullable: true,
    anyOf: [
      { type: 'string', pattern: PERCENT_TEXT_PATTERN },
      { type: 'number', minimum: 0, maximum: 100 },
    ],
  })
  percentage?: string | number | null;

  @IsOptional()
  @IsBoolean({ message: 'includeFee must be true or false.' })
  includeFee?: boolean;
}

export class MilestoneRequest {
  @IsId('job_id must be the id of the project.')
  job_id!: number;

  @IsOptional()
  @IsString({ message: 'The title must be text.' })
  @MaxLength(MAX_TITLE, { message: `Keep the title under ${MAX_TITLE} characters.` })
  title?: string;

  @IsString({ message: 'Describe the completion criteria of the milestone.' })
  @MaxLength(MAX_TEXT, { message: `Keep the completion criteria under ${MAX_TEXT} characters.` })
  definition!: string;

  @IsOptional()
  @IsInt({ message: 'The position must be a whole number from 1 to 1000.' })
  @Min(1, { message: 'The position must be a whole number from 1 to 1000.' })
  @Max(1000, { message: 'The position must be a whole number from 1 to 1000.' })
  position?: number;

  /** Set to propose an edit of an existing milestone. */
  @IsOptional()
  @IsId('original_id must be the id of the milestone to edit.')
  original_id?: number | null;

  /** The milestone amount, needed when a payee takes a percentage or the remainder. */
  @IsOptional()
  amount?: string | number | null;

  @IsArray({ message: 'payees must be a list.' })
  @ArrayMinSize(1, { message: 'Add at least one payee to the milestone.' })
  @ArrayMaxSize(50, { message: 'A milestone can have at most 50 payees.' })
  @ValidateNested({ each: true })
  @Type(() => PayeeRequest)
  payees!: PayeeRequest[];
}

export class ApprovalRequest {
  @IsId('milestone_id must be the id of the milestone version.')
  milestone_id!: number;

  @IsOptional()
  @IsBoolean({ message: 'approve must be true or false.' })
  approve?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'reject must be true or false.' })
  reject?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  reason?: string;
}

export class CompleteRequest {
  @IsBoolean({ message: 'complete must be true or false.' })
  complete!: boolean;
}

export class DepositRequest {
  @IsId('milestone_id must be the id of the milestone.')
  milestone_id!: number;
}

export class StatementRequest {
  @IsString({ message: 'Write your statement.' })
  @MaxLength(MAX_TEXT, { message: `Keep the statement under ${MAX_TEXT} characters.` })
  statement!: string;
}
