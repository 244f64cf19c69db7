// GET cms/pages/{name}/ (spec §7): the terms and the privacy policy, in the caller's language.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { cmsContent } from '../../cms/pages.ts';
import { cmsPageNames } from '../../cms/types.ts';
import { validated } from '../../http/validation.ts';
import { localeOf } from '../../i18n/messages.ts';

const params = z.object({ name: z.enum(cmsPageNames) });

export function cmsRoutes(app: FastifyInstance): void {
  app.get('/cms/pages/:name/', { schema: { params } }, async (request, reply) => {
    const { name } = validated(request.params, params);
    const locale = localeOf(request.headers['accept-language']);
    // The text changes only with a deploy, so browsers may keep it a day.
    reply.header('cache-control', 'public, max-age=86400').header('vary', 'accept-language');
    return { value: cmsContent[name][locale], locale };
  });
}
