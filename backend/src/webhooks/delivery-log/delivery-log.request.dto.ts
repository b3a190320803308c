import type { WebhookDeliveryStatus } from '@escrow/domain';
import { IsIn, IsOptional } from 'class-validator';

import { STATUSES } from '../webhook-deliveries';

export class DeliveryLogRequest {
  @IsOptional()
  @IsIn(STATUSES, { message: `status is one of ${STATUSES.join(', ')}.` })
  status?: WebhookDeliveryStatus;
}
