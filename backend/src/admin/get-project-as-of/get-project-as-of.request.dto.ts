import { IsInstantText } from '../query-times';

export class ProjectAsOfRequest {
  @IsInstantText('at must be an instant like 2026-11-22T10:30:00Z.')
  at!: string;
}
