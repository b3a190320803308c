import { ParseUUIDPipe } from '@nestjs/common';

import { ApiRefusal } from '../http/api-refusal';

/** An attachment id in a path: a UUID, or no such file (never a 500 or a database error). */
export const attachmentIdPipe = () =>
  new ParseUUIDPipe({ exceptionFactory: () => new ApiRefusal(404, 'no_such_attachment', 'There is no such file on this milestone.') });
