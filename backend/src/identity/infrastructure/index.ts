import type { EntityClass } from '@escrow/projections';

import { FactorAlertEntity, PasswordResetRequiredEntity } from './factor-alerts.entity';
import { OneTimeCodeEntity } from './one-time-code.entity';
import { AccountDeletionRequestEntity, ContactMessageEntity } from './public-forms.entity';
import { PasskeyEntity, PendingLoginEntity, RecoveryCodeEntity, SecurityLogEntity, UserTotpEntity, WebauthnChallengeEntity } from './second-factors.entity';
import { SessionEntity, SessionRotationEntity } from './session.entity';
import { RateLimitEntity, ServerSecretEntity } from './shared-state.entity';
import { UserEntity } from './user.entity';

export { SessionEntity } from './session.entity';
export { UserEntity } from './user.entity';

/** The identity context's tables. */
export const identityEntities: EntityClass[] = [
  UserEntity,
  SessionEntity,
  SessionRotationEntity,
  OneTimeCodeEntity,
  AccountDeletionRequestEntity,
  ContactMessageEntity,
  RateLimitEntity,
  ServerSecretEntity,
  UserTotpEntity,
  PasskeyEntity,
  RecoveryCodeEntity,
  WebauthnChallengeEntity,
  PendingLoginEntity,
  SecurityLogEntity,
  FactorAlertEntity,
  PasswordResetRequiredEntity,
];
