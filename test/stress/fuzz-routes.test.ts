/**
 * The route fuzz of the normal suite (test/reliability/route-fuzz-suite.ts) with thousands
 * of bad requests per route. `SLASHBENCH_FUZZ_RUNS` overrides the count.
 */
import { registeredRoutes } from '../helpers/access-world.js';
import { fuzzRuns, routeFuzzSuite } from '../reliability/route-fuzz-suite.js';

/** Cases per route in the stress run. */
export const STRESS_RUNS = 2000;

routeFuzzSuite(await registeredRoutes(), fuzzRuns(STRESS_RUNS));
