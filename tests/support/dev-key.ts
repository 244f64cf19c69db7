// The development key (issue 32) the servers that tests and benchmarks start are given, and send.
import { DEV_KEY_HEADER } from '../../server/api/dev.ts';

export { DEV_KEY_HEADER };

/** DEV_SECRET for every server a test or a benchmark starts. */
export const TEST_DEV_SECRET = 'test-dev-key-0123456789';

/** The header a request to a development endpoint carries. */
export const devKeyHeaders = { [DEV_KEY_HEADER]: TEST_DEV_SECRET } as const;
