export { Access, CurrentUser, MemberMay, type RequestWithUser } from './access.decorators';
export { EVERY_ADMIN_ROLE, FINANCE_ROLES, OPERATIONS_ROLES, OWNER_ROLES } from './admin-role.check';
export { type Caller, callerOf, type WithCookies } from './caller';
export { AccessGuard, CsrfGuard } from './guards';
export { IdentityModule } from './identity.module';
export { identitySchema } from './identity.schema';
export { invitedAccount, type NewAccountFields } from './invited-account';
export { cookiesOf, LoginCookies } from './login-cookies';
export { NewAccountRequest } from './new-account.request.dto';
export { OneTimeCodes } from './one-time-codes';
export { pageNumber } from './page-number';
export { hashPassword } from './passwords';
export { isEmail, normalizeEmail, normalizePhone } from './phone';
export { RateLimits } from './rate-limits';
export { RenewedSessionCookie } from './renewed-session-cookie';
export { TOTP_ISSUER } from './second-factors';
export { requestContext, SecurityLog, type SecurityLogRecord } from './security-log';
export { type Revocation, SessionCache } from './session-cache';
export { sessionRefOf } from './session-ref';
export type { SessionUser } from './session-user';
export { SessionsService } from './sessions.service';
export {
  ADMIN_ROLES_KEY,
  type AdminRole,
  AdminRoles,
  BUYER_STEP_UP_KEY,
  RequireSecondFactor,
  RequireVerifiedEmail,
  StepUp,
  StepUpIfBuyerOf,
  type StepUpTarget,
} from './step-up.decorators';
export { stepUpRefusal } from './step-up-refusal';
export { TakeoverReports } from './takeover-reports';
export { hashSecret, newSecret } from './tokens';
export { TotpSecrets } from './totp-secrets';
export { type AdminUserRow, type UserRow, UsersRepository } from './users.repository';
