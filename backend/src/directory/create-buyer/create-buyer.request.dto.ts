import { IsOptional, IsString, MaxLength } from 'class-validator';

import { IsId } from '../../http/ids';

export class NewCustomerRequest {
  @IsString({ message: "Please enter the buyer's first name." })
  @MaxLength(100)
  first_name!: string;

  @IsString({ message: "Please enter the buyer's last name." })
  @MaxLength(100)
  last_name!: string;

  @IsString({ message: "Please enter the buyer's phone number." })
  @MaxLength(30)
  phone!: string;

  @IsString({ message: "Please enter the buyer's email address." })
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(201)
  customer_name?: string;

  /** Set when the buyer is the current user (the buyer-started flow). */
  @IsOptional()
  @IsId('user_id must be a whole number.')
  user_id?: number;
}
