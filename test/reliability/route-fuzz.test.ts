/**
 * Bad input on every route (route-fuzz-suite.ts), a few hundred cases a route; the stress
 * run (`npm run test:stress`) repeats it with thousands. `SLASHBENCH_FUZZ_RUNS` overrides both.
 */
import { registeredRoutes } from '../helpers/access-world.js';
import { fuzzRuns, routeFuzzSuite } from './route-fuzz-suite.js';

/** Cases per route in the normal suite. */
export const NORMAL_RUNS = 200;

routeFuzzSuite(await registeredRoutes(), fuzzRuns(NORMAL_RUNS));
