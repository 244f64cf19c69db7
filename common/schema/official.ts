// The official-API connection's calls (issue 18): the consent page's address, and the code it sends back.
import * as z from 'zod/mini';
import { text } from './text.ts';

/** What the consent page sends back to /connected (the platform's code and our state). */
export const connectBodySchema = z.object({
  code: text(2048).check(z.minLength(1)),
  state: text(200).check(z.minLength(1)),
});
export type ConnectBody = z.infer<typeof connectBodySchema>;
