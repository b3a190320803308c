import type { ErrorCode, ErrorCodeFor, ErrorStatus, FieldError } from '@escrow/domain';
import { HttpException } from '@nestjs/common';

/** What an edge refusal may carry besides its code and message (ErrorBody's optional fields). */
interface RefusalExtras {
  param?: string;
  errors?: FieldError[];
  enrolled?: boolean;
}

/**
 * A refusal the HTTP edge makes itself, before or around a handler: a guard, a pipe, a
 * controller's check of its query, an upload that cannot be read. It names its code like a
 * DomainError does (one of ERROR_CODES, for its status), and the exception filter answers both
 * alike. Nest's own exceptions carry no code: the lint forbids them outside src/http.
 */
export class ApiRefusal<S extends ErrorStatus = ErrorStatus> extends HttpException {
  readonly code: ErrorCode;
  constructor(
    status: S,
    code: ErrorCodeFor<S>,
    message: string,
    readonly extras: RefusalExtras = {},
  ) {
    super(message, status);
    this.code = code;
  }
}

/** 400 `validation_failed` for one field of the query, path or body, named in `param`. */
export const invalidParam = (param: string, message: string) => new ApiRefusal(400, 'validation_failed', message, { param, errors: [{ param, message }] });
