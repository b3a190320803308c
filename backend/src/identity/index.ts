export { Access, CurrentUser, SkipCsrf, type RequestWithUser } from './access.decorators';
export type { SessionUser, UserObject, AccessCheck } from './session-user';
export { passes } from './session-user';
export { UsersRepository, toSessionUser, toUserObject, type UserRow, type NewUser } from './users.repository';
export { IdentityModule } from './identity.module';
export { normalizePhone, formatPhone, normalizeEmail, isEmail } from './phone';
export { OneTimeCodes, type CodePurpose } from './one-time-codes';
export { RateLimits, TooManyRequestsException } from './rate-limits';
export { hashPassword, verifyPassword, isAcceptablePassword, PASSWORD_RULE, MIN_PASSWORD_LENGTH } from './passwords';
