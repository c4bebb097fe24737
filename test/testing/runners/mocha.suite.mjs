// The shared suite under Mocha, with its hooks taken from its globals.
/* global before, after, it */
import { defineSuite } from './bench-suite.mjs';

defineSuite({ beforeAll: before, afterAll: after, it });
