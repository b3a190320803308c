import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { WithCookies } from '../caller';

/** POST /api/auth/logout: the session of the browser's cookie ends, and the cookie goes. */
export class LogOut extends Command<WithCookies<MessageAnswer>> {
  constructor(readonly sessionToken: string | null) {
    super();
  }
}
