import { Command } from '@nestjs/cqrs';

/** What the operator is told: who the first owner is and the link that lets them in once. */
export interface FirstOwnerLink {
  userId: number;
  email: string;
  name: string;
  /** The single-use link to choose a password (an hour); the console then asks for a second factor. */
  link: string;
  /** The same person was appointed before and has not chosen a password yet: this is a new link, the earlier one is void. */
  again: boolean;
}

/**
 * `npm run admin -- first-owner`: the operator's one-time command that gives a new installation
 * its first administrator (an owner), since nobody can sign in to appoint one from the console.
 */
export class AppointFirstOwner extends Command<FirstOwnerLink> {
  constructor(
    readonly email: string,
    readonly firstName: string,
    readonly lastName: string,
  ) {
    super();
  }
}
