import { IsObject } from 'class-validator';

import { PasskeyNameRequest } from '../shared-requests.dto';

export class PasskeyRegistrationRequest extends PasskeyNameRequest {
  @IsObject({ message: "The browser's passkey answer is missing. Try adding the passkey again." })
  response!: Record<string, unknown>;
}
