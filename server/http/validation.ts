// Request validation with zod: routes declare zod schemas for body, query and params.
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';

/** Makes Fastify validate requests with the zod schemas routes declare. */
export function validateWithZod(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodMiniType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new Error(result.error.issues[0]?.message) };
  });
}

/** The request part a route's zod schema already validated and transformed (e.g. a normalised email). */
export function validated<S extends z.ZodMiniType>(value: unknown, _schema: S): z.output<S> {
  return value as z.output<S>;
}
