/**
 * The header that carries a request's id, both ways: the correlation hook (observability) sets
 * it on every answer, and the error body repeats it as `request_id` (error-answer.ts). It lives on
 * the HTTP floor, which every context stands on, so both can read it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
