import { IsIn } from 'class-validator';

export const REPORTS = ['monthly', 'held', 'ageing', 'disputes'] as const;

export class ReportCsvRequest {
  @IsIn(REPORTS, { message: 'report is monthly, held, ageing or disputes.' })
  report!: (typeof REPORTS)[number];
}
