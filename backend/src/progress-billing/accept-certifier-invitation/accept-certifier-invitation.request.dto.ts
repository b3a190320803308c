import { NewAccountRequest } from '../../identity';

/** A new account gives its name and a password; the signed-in invited address sends `{}`. */
export class AcceptCertifierInvitationRequest extends NewAccountRequest {}
