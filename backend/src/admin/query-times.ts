import { ValidateBy } from 'class-validator';

const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** A day or instant PostgreSQL can read too: years outside 1–9999 parse in JavaScript but not there. */
const isDayText = (value: unknown): value is string => {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  return !Number.isNaN(time) && time >= EARLIEST && time <= LATEST;
};

/** A query value that is a day like 2026-11-01 (or an instant), within the years PostgreSQL reads. */
export const IsDayText = (message: string) => ValidateBy({ name: 'isDayText', validator: { validate: isDayText, defaultMessage: () => message } });

/** A query value that JavaScript reads as an instant. */
export const IsInstantText = (message: string) =>
  ValidateBy({
    name: 'isInstantText',
    validator: { validate: (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value)), defaultMessage: () => message },
  });

/** Later than the day of another field; says nothing when either is missing or not a day (their own rules answer that). */
export const IsLaterThan = (field: string, message: string) =>
  ValidateBy({
    name: 'isLaterThan',
    validator: {
      validate: (value: unknown, args) => {
        const earlier = (args?.object as Record<string, unknown> | undefined)?.[field];
        return !isDayText(value) || !isDayText(earlier) || Date.parse(earlier) < Date.parse(value);
      },
      defaultMessage: () => message,
    },
  });

/** The ISO text of a day or instant the query's rules accepted. */
export const isoOf = (text: string): string => new Date(Date.parse(text)).toISOString();
