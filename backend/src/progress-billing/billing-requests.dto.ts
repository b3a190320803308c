import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

import { IsId } from '../http/ids';

/**
 * The bodies of the progress-billing routes. Shapes only: amounts and percentages are decimal
 * strings ("1250.00", "50") the domain reads and refuses with a code and the line at fault, all
 * problems at once (docs/progress-billing.md#what-a-pay-application-may-bill).
 */

const MAX_LINES = 500;
const AMOUNT = 'an amount in dollars as text, like "1250.00"';
const MAX_REASON = 2000;

export class RetainageReductionRequest {
  @IsString({ message: `retainage.reduction.to_rate is a percentage as text, like "5".` })
  to_rate!: string;

  @IsString({ message: `retainage.reduction.at_percent_complete is a percentage as text, like "50".` })
  at_percent_complete!: string;
}

export class RetainageTermsRequest {
  @IsString({ message: 'retainage.rate is a percentage from 0 to 10 as text, like "10".' })
  rate!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => RetainageReductionRequest)
  reduction?: RetainageReductionRequest | null;
}

export class ScheduleLineRequest {
  @IsString({ message: 'Each line needs its item number as text, like "1" or "2.1".' })
  @MaxLength(12, { message: 'An item number has at most 12 characters.' })
  number!: string;

  @IsString({ message: 'Each line needs a description of its portion of the work.' })
  @MaxLength(200, { message: 'Keep each description under 200 characters.' })
  description!: string;

  @IsString({ message: `scheduled_value is ${AMOUNT}.` })
  scheduled_value!: string;

  @IsId('payee_id must be the id of the company paid for the line.')
  payee_id!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => RetainageTermsRequest)
  retainage?: RetainageTermsRequest | null;
}

export class ProposeScheduleRequest {
  /** The version this one edits (absent: the current one). */
  @IsOptional()
  @IsId('based_on_version_id must be the id of a version of the schedule.')
  based_on_version_id?: number | null;

  @IsArray({ message: 'lines must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A schedule of values holds at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => ScheduleLineRequest)
  lines!: ScheduleLineRequest[];
}

export class ReasonRequest {
  @IsOptional()
  @IsString({ message: 'The reason must be text.' })
  @MaxLength(MAX_REASON, { message: `Keep the reason under ${MAX_REASON} characters.` })
  reason?: string | null;
}

export class ApplicationLineRequest {
  @IsString({ message: 'Each line billed names its item number, like "1".' })
  @MaxLength(12, { message: 'An item number has at most 12 characters.' })
  line!: string;

  /** Work completed this period, in dollars… */
  @IsOptional()
  @IsString({ message: `work_amount is ${AMOUNT}.` })
  work_amount?: string | null;

  /** …or as a percentage of the line's scheduled value ("25"): one of the two. */
  @IsOptional()
  @IsString({ message: 'work_percent is a percentage as text, like "25".' })
  work_percent?: string | null;

  /** Materials presently stored at the end of the period (absent: as last certified). */
  @IsOptional()
  @IsString({ message: `stored_materials is ${AMOUNT}.` })
  stored_materials?: string | null;

  /** Attachment ids of the invoices or photos of newly stored materials. */
  @IsOptional()
  @IsArray({ message: 'evidence must be a list of attachment ids.' })
  @ArrayMaxSize(20, { message: 'At most 20 files of evidence per line.' })
  @IsString({ each: true, message: 'evidence must be a list of attachment ids.' })
  evidence?: string[];
}

export class SubmitPayApplicationRequest {
  /** The last day of the period billed, "2026-11-30". */
  @IsString({ message: 'period_to is the last day of the period billed, like "2026-11-30".' })
  period_to!: string;

  @IsArray({ message: 'lines must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A pay application bills at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => ApplicationLineRequest)
  lines!: ApplicationLineRequest[];
}

export class RevisePayApplicationRequest {
  @IsOptional()
  @IsString({ message: 'period_to is the last day of the period billed, like "2026-11-30".' })
  period_to?: string | null;

  @IsArray({ message: 'lines must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A pay application bills at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => ApplicationLineRequest)
  lines!: ApplicationLineRequest[];
}

export class CertificationLineRequest {
  @IsString({ message: 'Each decision names its item number, like "1".' })
  @MaxLength(12, { message: 'An item number has at most 12 characters.' })
  line!: string;

  @IsIn(['as_billed', 'reduced', 'refused'], { message: 'Each line is certified as_billed, reduced or refused.' })
  decision!: 'as_billed' | 'reduced' | 'refused';

  /** For a reduction: the work certified this period… */
  @IsOptional()
  @IsString({ message: `work_this_period is ${AMOUNT}.` })
  work_this_period?: string | null;

  /** …and the stored materials certified. */
  @IsOptional()
  @IsString({ message: `stored_materials is ${AMOUNT}.` })
  stored_materials?: string | null;

  @IsOptional()
  @IsString({ message: 'The reason must be text.' })
  @MaxLength(MAX_REASON, { message: `Keep the reason under ${MAX_REASON} characters.` })
  reason?: string | null;
}

/** Which revision of the application the request is about: one the seller replaced meanwhile is refused. */
export class RevisionRequest {
  @IsInt({ message: 'revision is the revision of the pay application, a whole number from 1.' })
  @Min(1, { message: 'revision is the revision of the pay application, a whole number from 1.' })
  revision!: number;
}

export class CertifyPayApplicationRequest extends RevisionRequest {
  @IsArray({ message: 'lines must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A certification decides at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => CertificationLineRequest)
  lines!: CertificationLineRequest[];
}

export class ValueChangeRequest {
  @IsString({ message: 'Each change names the item number of the line it changes.' })
  @MaxLength(12, { message: 'An item number has at most 12 characters.' })
  line!: string;

  @IsString({ message: `scheduled_value is ${AMOUNT}.` })
  scheduled_value!: string;
}

export class ProposeChangeOrderRequest {
  @IsString({ message: 'Give the reason for the change order.' })
  @MaxLength(MAX_REASON, { message: `Keep the reason under ${MAX_REASON} characters.` })
  reason!: string;

  @IsOptional()
  @IsArray({ message: 'attachment_ids must be a list.' })
  @ArrayMaxSize(20, { message: 'At most 20 attachments per change order.' })
  @IsString({ each: true, message: 'attachment_ids must be a list of attachment ids.' })
  attachment_ids?: string[];

  @IsOptional()
  @IsArray({ message: 'changes must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A change order changes at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => ValueChangeRequest)
  changes?: ValueChangeRequest[];

  @IsOptional()
  @IsArray({ message: 'new_lines must be a list.' })
  @ArrayMaxSize(MAX_LINES, { message: `A change order adds at most ${MAX_LINES} lines.` })
  @ValidateNested({ each: true })
  @Type(() => ScheduleLineRequest)
  new_lines?: ScheduleLineRequest[];
}

export class ChooseBillingRequest {
  @IsIn(['milestones', 'progress'], { message: 'method is how the project bills: "milestones" or "progress".' })
  method!: 'milestones' | 'progress';
}

/** The domain's shape of a proposed line. */
export const scheduleLineInput = (l: ScheduleLineRequest) => ({
  number: l.number,
  description: l.description,
  scheduledValue: l.scheduled_value,
  payeeId: l.payee_id,
  retainage: l.retainage
    ? {
        rate: l.retainage.rate,
        reduction: l.retainage.reduction && { toRate: l.retainage.reduction.to_rate, atPercentComplete: l.retainage.reduction.at_percent_complete },
      }
    : null,
});

export const applicationLineInput = (l: ApplicationLineRequest) => ({
  line: l.line,
  workAmount: l.work_amount ?? undefined,
  workPercent: l.work_percent ?? undefined,
  storedMaterials: l.stored_materials ?? undefined,
  evidence: l.evidence,
});

export class CertifierRequest {
  @IsId('user_id must be the id of the person who certifies pay applications.')
  user_id!: number;
}

export class BillingDepositRequest {
  @IsString({ message: `amount is what to deposit into the project's escrow balance, ${AMOUNT}.` })
  @MaxLength(40, { message: 'amount is at most 40 characters.' })
  amount!: string;
}

export class BalanceReturnRequest {
  @IsString({ message: `amount is what to get back from the project's escrow balance, ${AMOUNT}.` })
  @MaxLength(40, { message: 'amount is at most 40 characters.' })
  amount!: string;
}
