import type { ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * Amounts stay two-decimal strings from the column to the wire: pg hands numeric values over as
 * text, and a JS number (a float, the thing money code must never hold) is refused on the way in.
 */
export const moneyText: ValueTransformer = {
  from: (value: string | null) => value,
  to: (value: unknown) => {
    if (typeof value === 'number') throw new TypeError(`An amount goes to a numeric(20,2) column as a string like "1234.50", never as the number ${value}.`);
    return value;
  },
};

/** A money column: numeric(20,2) holds every amount the domain accepts and the sums of the admin pages. */
export const MONEY = { type: 'numeric', precision: 20, scale: 2, transformer: moneyText } as const satisfies ColumnOptions;

/** A global-order position (commit or prepare): numeric(20), read as text (it may pass 2^53). */
export const POSITION = { type: 'numeric', precision: 20, scale: 0 } as const satisfies ColumnOptions;
