import { NewAccountRequest } from '../../identity';

/** A new account gives its name and a password; a signed-in account without a company sends `{}`. */
export class AcceptTeamInvitationRequest extends NewAccountRequest {}
