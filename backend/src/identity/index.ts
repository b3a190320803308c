export { Access, CurrentUser, type RequestWithUser, SkipCsrf } from './access.decorators';
export { IdentityModule } from './identity.module';
export { type CodePurpose, OneTimeCodes } from './one-time-codes';
export { hashPassword, isAcceptablePassword, MIN_PASSWORD_LENGTH, PASSWORD_RULE, verifyPassword } from './passwords';
export { formatPhone, isEmail, normalizeEmail, normalizePhone } from './phone';
export { RateLimits, TooManyRequestsException } from './rate-limits';
export type { AccessCheck, SessionUser, UserObject } from './session-user';
export { passes } from './session-user';
export { type AdminUserRow, type NewUser, toSessionUser, toUserObject, type UserRow, UsersRepository } from './users.repository';
