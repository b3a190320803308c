import { IsObject, IsString, MaxLength, MinLength } from 'class-validator';

// Bodies that several slices take alike; a body of one slice lives in that slice.

/** A TOTP or recovery code: the second step of a login, a step-up, the confirmation of a new authenticator app. */
export class SecondFactorCodeRequest {
  @IsString({ message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.' })
  @MaxLength(40, { message: 'That code is too long: enter the 6-digit code or a recovery code like abcde-23456.' })
  code!: string;
}

/** The code of a mailed link: an address verified or a new one confirmed, an added factor undone ("this wasn't me"). */
export class LinkCodeRequest {
  @IsString({ message: 'The link is incomplete. Open the link from the email again.' })
  @MaxLength(100, { message: 'The link is incomplete. Open the link from the email again.' })
  code!: string;
}

/** Renaming a passkey, and the name of a new one (PasskeyRegistrationRequest). */
export class PasskeyNameRequest {
  @IsString({ message: 'Please give the passkey a name (like "Work laptop").' })
  @MinLength(1, { message: 'Please give the passkey a name (like "Work laptop").' })
  @MaxLength(100, { message: 'Please keep the name under 100 characters.' })
  name!: string;
}

/** A passkey's signature: a sign-in, a step-up. */
export class PasskeyResponseRequest {
  @IsObject({ message: "The browser's passkey answer is missing. Try again." })
  response!: Record<string, unknown>;
}
