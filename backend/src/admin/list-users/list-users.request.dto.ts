import { IsOptional, IsString } from 'class-validator';

export class AdminUserSearchRequest {
  @IsOptional()
  @IsString({ message: 'search must be given once.' })
  search?: string;
}
