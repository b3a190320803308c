import { IsIn } from 'class-validator';

export const REPORTS = ['monthly', 'held', 'ageing', 'disputes', 'billing-projects', 'billing-months'] as const;

export class ReportCsvRequest {
  @IsIn(REPORTS, { message: 'report is monthly, held, ageing, disputes, billing-projects or billing-months.' })
  report!: (typeof REPORTS)[number];
}
