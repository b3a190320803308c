import { currentUserKey } from '../../../api/current-user';

export { type CurrentUser, isLoggedIn, type MaybeUser, needsSecondFactor, type SecondFactorRequired } from '../../../api/current-user';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: currentUserKey,
  resetCode: (code: string) => [...authKeys.all, 'reset-code', code] as const,
  invitation: (hash: string) => [...authKeys.all, 'invitation', hash] as const,
};
