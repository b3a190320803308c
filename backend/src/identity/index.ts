export { Access, CurrentUser, SkipCsrf } from './access.decorators';
export type { SessionUser, UserObject, AccessCheck } from './session-user';
export { passes } from './session-user';
export { UsersRepository } from './users.repository';
export { IdentityModule } from './identity.module';
export { normalizePhone, formatPhone, normalizeEmail, isEmail } from './phone';
