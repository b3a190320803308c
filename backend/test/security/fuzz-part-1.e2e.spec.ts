import { fuzzRoutes } from './fuzz.test-kit';

// Every route of the matrix with an index of even parity: see fuzz.test-kit.ts.
fuzzRoutes(1);
