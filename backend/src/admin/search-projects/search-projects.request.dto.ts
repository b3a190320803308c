import { IsOptional, IsString } from 'class-validator';

export class AdminProjectSearchRequest {
  @IsOptional()
  @IsString({ message: 'search must be given once.' })
  search?: string;
}
