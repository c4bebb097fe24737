/**
 * zod's mini build, for the schemas the client's first screen loads (the host contract and
 * the settings): a classic zod schema attaches every method to each instance it makes, and
 * making the contract's schemas that way was 50 ms of the page's start in Chromium on the
 * benchmarks' machine (docs/benchmarks.md). The same core parses either way, and the English
 * messages classic zod loads itself are loaded here, so an issue reads the same.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());

export { z };
