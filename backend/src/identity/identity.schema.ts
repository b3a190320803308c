import type { ContextSchema } from '../infrastructure/database/context-schema';
import { AddAdministratorRoles1763800400400 } from './admin-roles.migrations';
import { AddFactorAlerts1763803500000 } from './factor-alerts.migrations';
import { AddSecondFactorsAndSecurityLog1763800400000 } from './factors.migrations';
import { CreateIdentityAndDirectory1763800003000 } from './identity.migrations';
import { identityEntities } from './infrastructure';
import { AnnounceNameChanges1763800800000 } from './name-changes.migrations';
import { CreateRateLimitsAndServerSecrets1763800160000 } from './rate-limits.migrations';
import { SecurityLogEventIds1763803500050 } from './security-log.migrations';
import { RememberRotatedSessions1763800900350 } from './session-rotations.migrations';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const identitySchema: ContextSchema = {
  entities: identityEntities,
  migrations: [
    CreateIdentityAndDirectory1763800003000,
    CreateRateLimitsAndServerSecrets1763800160000,
    AddSecondFactorsAndSecurityLog1763800400000,
    AddAdministratorRoles1763800400400,
    AnnounceNameChanges1763800800000,
    RememberRotatedSessions1763800900350,
    AddFactorAlerts1763803500000,
    SecurityLogEventIds1763803500050,
  ],
};
