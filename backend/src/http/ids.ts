import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, ValidateBy } from 'class-validator';

/** Ids are PostgreSQL `integer`s: a larger number is not an id of ours, and must not reach a query (it fails there). */
const MAX_ID = 2_147_483_647;

/** Whether a text (path parameter, query value) is an id: digits only, 1 to MAX_ID. */
export function isIdText(text: unknown): text is string {
  return typeof text === 'string' && /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= MAX_ID;
}

/** A body field holding an id: a whole number from 1 to MAX_ID, with one message for every way it is wrong. */
export const IsId = (message: string) => applyDecorators(IsInt({ message }), Min(1, { message }), Max(MAX_ID, { message }));

/** A query value holding an id: its text, as isIdText reads it (a query value is always text, or a list when given twice). */
export const IsIdText = (message: string) => ValidateBy({ name: 'isIdText', validator: { validate: isIdText, defaultMessage: () => message } });
