/**
 * Bad requests at an Activity's origin (proxy-fuzz-suite.ts), a few hundred; the stress run
 * (`npm run test:stress`) repeats it with thousands. `SLASHBENCH_FUZZ_RUNS` overrides both.
 */
import { proxyFuzzSuite } from './proxy-fuzz-suite.js';
import { fuzzRuns } from './route-fuzz-suite.js';

proxyFuzzSuite(fuzzRuns(300));
