import type { ErrorCode } from '../shared/error-codes';

/** One field at fault in a refused request: its path in the body or query (`payees[0].amount`) and what is wrong. */
export interface FieldError {
  param: string;
  message: string;
}

/**
 * What every 4xx and 5xx answer of the API holds (docs/api-errors.md). Clients decide on `code`;
 * `message` is for the person, in the words of the spec where it gives them.
 */
export interface ErrorBody {
  /** The HTTP status, repeated for clients that only keep the body. */
  statusCode: number;
  /** The stable machine code: one of the catalogue of docs/api-errors.md. */
  code: ErrorCode;
  /** Written for the person who made the request. */
  message: string;
  /** The field at fault, for `validation_failed` and the other refusals of one field: the first one. */
  param?: string;
  /** Every field at fault, when the request was refused for its fields. */
  errors?: FieldError[];
  /** The request's id, also in the X-Request-Id header: quote it to an operator, who finds the request in the logs. */
  request_id: string;
  /** With `step_up_required`: whether the user has a second factor to confirm with (else they are asked to set one up). */
  enrolled?: boolean;
}
