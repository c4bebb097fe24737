/**
 * The gateway fuzz of the normal suite (test/reliability/gateway-fuzz-suite.ts) with
 * thousands of random frame sequences. `SLASHBENCH_FUZZ_RUNS` overrides the count.
 */
import { gatewayFuzzSuite } from '../reliability/gateway-fuzz-suite.js';
import { fuzzRuns } from '../reliability/route-fuzz-suite.js';

/** Random frame sequences in the stress run. */
export const STRESS_SEQUENCES = 5000;

gatewayFuzzSuite(fuzzRuns(STRESS_SEQUENCES));
