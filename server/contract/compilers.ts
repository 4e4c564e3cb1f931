/**
 * Route schemas compiled on a route's first request instead of at start. Fastify compiles every route's request
 * validator (ajv) and response serializer (fast-json-stringify) while the server gets ready: for the contract's
 * hundred-odd operations that was about half of a start's CPU time, spent on routes a given run may never call.
 * These factories hand Fastify a function per route that compiles with Fastify's own compilers (same options, same
 * shared schemas) the first time it runs, then keeps the compiled function. What a request sees is unchanged: the
 * same validation, the same errors, the same JSON.
 * A schema that does not compile therefore fails its route's first request, not the start: the contract tests
 * (server/contract/compilers.test.ts) compile every operation's schemas eagerly.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (doc: unknown) => string;
/**
 * What the two compiler packages are at run time: a factory per set of shared schemas and options, giving a compiler
 * that takes a route's definition (schema, method, url, part). Their declared types describe ajv's own `compile`
 * instead, hence the two conversions below, the only place these packages are used.
 */
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: unknown) => F;

/** Defers `compile(route)` to the first call of the function handed to Fastify. */
function lazily<F extends Validate | Serialize>(factory: Factory<F>): Factory<F> {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      let compiled: F | undefined;
      // Fastify reads `errors` off the function it was handed once a call returned false.
      const run: Validate = (data) => {
        compiled ??= compile(route);
        const result = compiled(data);
        run.errors = 'errors' in compiled ? compiled.errors : undefined;
        return result;
      };
      return run as F;
    };
  };
}

/** How the contract's schemas are read: query strings coerced to the schema's types (one value or a list). */
export const AJV_OPTIONS = {
  coerceTypes: 'array',
  removeAdditional: false,
  allErrors: false,
  allowUnionTypes: true,
} as const;

export function lazyCompilers(): CompilersFactory {
  const validators = AjvCompiler() as unknown as Factory<Validate>;
  const serializers = SerializerSelector() as unknown as Factory<Serialize>;
  return {
    buildValidator: lazily(validators) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: lazily(serializers) as unknown as CompilersFactory['buildSerializer'],
  };
}
