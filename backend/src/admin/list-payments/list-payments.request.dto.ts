import type { AdminPaymentKind } from '@escrow/domain';
import { IsIn, IsOptional, IsString } from 'class-validator';

import { IsIdText } from '../../http/ids';
import { EmptyIsAbsent } from '../../http/query-values';
import { IsDayText, IsLaterThan } from '../query-times';

// The fields are checked in the order they are written, and each field's rules from the bottom
// decorator up: the first broken one is the answer.
export class AdminPaymentsRequest {
  @EmptyIsAbsent()
  @IsOptional()
  @IsIn(['deposit', 'disbursement', 'refund'], { message: 'kind is deposit, disbursement or refund.' })
  kind?: AdminPaymentKind;

  @EmptyIsAbsent()
  @IsOptional()
  @IsIn(['pending', 'settled', 'failed', 'requested', 'paid'], { message: 'status is pending, settled, failed, requested or paid.' })
  status?: string;

  @IsOptional()
  @IsIn(['csv', 'json'], { message: 'format is csv or json.' })
  format?: 'csv' | 'json';

  @IsOptional()
  @IsString({ message: 'party must be given once.' })
  party?: string;

  @EmptyIsAbsent()
  @IsOptional()
  @IsDayText('from must be a date like 2026-11-01.')
  from?: string;

  @EmptyIsAbsent()
  @IsOptional()
  @IsLaterThan('from', 'The From day must be earlier than the Before day: no payment is on or after the one and before the other.')
  @IsDayText('to must be a date like 2026-11-01.')
  to?: string;

  @EmptyIsAbsent()
  @IsOptional()
  @IsIdText('job_id must be a positive whole number.')
  job_id?: string;
}
