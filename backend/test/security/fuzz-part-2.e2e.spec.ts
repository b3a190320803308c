import { fuzzRoutes } from './fuzz.test-kit';

// Every route of the matrix with an index of odd parity: see fuzz.test-kit.ts.
fuzzRoutes(2);
