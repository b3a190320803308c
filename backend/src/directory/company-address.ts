/** The states the escrow serves, and a company's address rules. */
export const STATES = ['AZ', 'ID', 'NV', 'UT'] as const;
export type State = (typeof STATES)[number];

/** A US ZIP code: 5 digits or ZIP+4; empty clears it. */
export const ZIP_CODE = /^\s*(\d{5}(-\d{4})?)?\s*$/;
export const ZIP_CODE_MESSAGE = 'Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.';
export const STATE_MESSAGE = 'Choose a state we serve: AZ, ID, NV or UT.';
