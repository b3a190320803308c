import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** An attachment id in a path: a UUID, or no such file (never a 500 or a database error). */
export const attachmentIdPipe = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('There is no such file on this milestone.') });
