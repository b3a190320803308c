import { QueryRunnerAlreadyReleasedError } from 'typeorm';

import { isTransientDatabaseError } from './transient-errors';

describe('isTransientDatabaseError', () => {
  it('retries what says the database went away, a deadlock or a lost query runner', () => {
    for (const error of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      new Error('Connection terminated unexpectedly'),
      new QueryRunnerAlreadyReleasedError(),
    ])
      expect({ error: error.message, transient: isTransientDatabaseError(error) }).toEqual({ error: error.message, transient: true });
  });

  it('does not retry a real failure', () => {
    for (const error of [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      new TypeError("Cannot read properties of undefined (reading 'amount')"),
      null,
      undefined,
    ])
      expect(isTransientDatabaseError(error)).toBe(false);
  });
});
