import { IsObject, IsString, MaxLength, MinLength } from 'class-validator';

export class SecondFactorCodeRequest {
  @IsString({ message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.' })
  @MaxLength(40, { message: 'That code is too long: enter the 6-digit code or a recovery code like abcde-23456.' })
  code!: string;
}

export class LinkCodeRequest {
  @IsString({ message: 'The link is incomplete. Open the link from the email again.' })
  @MaxLength(100, { message: 'The link is incomplete. Open the link from the email again.' })
  code!: string;
}

export class PasskeyNameRequest {
  @IsString({ message: 'Please give the passkey a name (like "Work laptop").' })
  @MinLength(1, { message: 'Please give the passkey a name (like "Work laptop").' })
  @MaxLength(100, { message: 'Please keep the name under 100 characters.' })
  name!: string;
}

export class PasskeyRegistrationRequest extends PasskeyNameRequest {
  @IsObject({ message: "The browser's passkey answer is missing. Try adding the passkey again." })
  response!: Record<string, unknown>;
}

export class PasskeyResponseRequest {
  @IsObject({ message: "The browser's passkey answer is missing. Try again." })
  response!: Record<string, unknown>;
}
