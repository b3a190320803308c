import { Module } from '@nestjs/common';

import { AccountModule } from './account.module';
import { IdentityCoreModule } from './identity-core.module';
import { SecondFactorsModule } from './second-factors.module';
import { SignInModule } from './sign-in.module';

/**
 * The identity context: its routes in three modules (getting in and out, second factors, the
 * account) over one core (users, sessions, the guards of every route, the security log, attempt
 * limits, one-time codes). A context that needs the core imports this module, which exports it;
 * the modules of routes export nothing beyond identity (docs/architecture.md, "The backend's modules").
 */
@Module({
  imports: [IdentityCoreModule, SignInModule, SecondFactorsModule, AccountModule],
  exports: [IdentityCoreModule],
})
export class IdentityModule {}
