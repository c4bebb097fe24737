// The shared suite under Jest (ESM: node --experimental-vm-modules).
import { afterAll, beforeAll, it } from '@jest/globals';
import { defineSuite } from './bench-suite.mjs';

defineSuite({ beforeAll, afterAll, it });
