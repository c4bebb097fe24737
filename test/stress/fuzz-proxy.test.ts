/**
 * The Activity proxy's fuzz of the normal suite (test/reliability/proxy-fuzz-suite.ts) with
 * thousands of bad requests. `SLASHBENCH_FUZZ_RUNS` overrides the count.
 */
import { proxyFuzzSuite } from '../reliability/proxy-fuzz-suite.js';
import { fuzzRuns } from '../reliability/route-fuzz-suite.js';

/** Bad requests in the stress run, as many as a route gets (fuzz-routes.test.ts). */
const STRESS_RUNS = 2000;

proxyFuzzSuite(fuzzRuns(STRESS_RUNS));
