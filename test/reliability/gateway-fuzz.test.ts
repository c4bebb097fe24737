/**
 * The gateway under bad input (gateway-fuzz-suite.ts), with a few hundred random frame
 * sequences; the stress run repeats it with thousands. `SLASHBENCH_FUZZ_RUNS` overrides both.
 */
import { fuzzRuns } from './route-fuzz-suite.js';
import { gatewayFuzzSuite } from './gateway-fuzz-suite.js';

/** Random frame sequences in the normal suite. */
export const NORMAL_SEQUENCES = 300;

gatewayFuzzSuite(fuzzRuns(NORMAL_SEQUENCES));
