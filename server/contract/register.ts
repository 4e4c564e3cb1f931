/**
 * Registers one Fastify route per contract operation, with the operation's query/body schemas (Fastify validates
 * them with ajv) and the handler of the same operationId. A contract operation without a handler, or a handler
 * without an operation, stops the server at start: server and contract cannot drift.
 *
 * Each operation also gets its own body limit (`x-body-limit`, else CONTRACT_BODY_LIMIT), and every number in its
 * query, path and body must be finite: ajv turns `Infinity` and `1e309` into Infinity and then skips `minimum` and
 * `maximum` for it, so a bounded page number would reach the database as Infinity.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { OpenApiDocument, OpenApiOperation } from './load.ts';
import { FINITE_KEYWORD } from './validation-messages.ts';
import type { HandlerMap, OperationId } from './types.ts';

export type { HandlerMap } from './types.ts';

/** A JSON API call's body limit unless the operation declares `x-body-limit`: 64 KB. */
export const CONTRACT_BODY_LIMIT = 64 * 1024;

/** The app sends these on every call (locale, inviteId); each route accepts them. */
const commonQuery = {
  locale: { type: 'string', maxLength: 16 },
  inviteId: { type: 'string', maxLength: 64 },
};

function querySchema(operation: OpenApiOperation) {
  const properties: Record<string, object> = { ...commonQuery };
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    properties[parameter.name] = parameter.schema;
    if (parameter.required) required.push(parameter.name);
  }
  return { type: 'object', properties, required, additionalProperties: true };
}

function paramsSchema(operation: OpenApiOperation) {
  const path = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  if (path.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(path.map((parameter) => [parameter.name, parameter.schema])),
    required: path.map((parameter) => parameter.name),
  };
}

/** The schema with every `#/components/schemas/...` reference replaced by the component it names. */
function inlined(node: unknown, contract: OpenApiDocument): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(item, contract));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/'))
    return inlined(contract.components.schemas[ref.slice(21)], contract);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(value, contract)]));
}

/** The request body's schema, component refs inlined (a body may share a component with an answer). */
function bodySchema(operation: OpenApiOperation, contract: OpenApiDocument) {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
  return schema && inlined(schema, contract);
}

/**
 * Where a value holds a number that is not finite (`/page`, `/values/0`), or null when every number is finite.
 * Walks with its own stack: a deeply nested body cannot overflow the call stack.
 */
export function nonFiniteNumberAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [node, where] = stack.pop()!;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return where;
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) stack.push([child, `${where}/${key}`]);
    }
  }
  return null;
}

/**
 * Refuses a request carrying a non-finite number with the same 400 envelope as a schema violation. A callback hook:
 * it runs on every contract call, and an async one would cost each call a promise and a microtask turn.
 */
function finiteNumbersOnly(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  for (const [context, value] of [
    ['querystring', request.query],
    ['params', request.params],
    ['body', request.body],
  ] as const) {
    const where = nonFiniteNumberAt(value);
    if (where !== null)
      return done(
        Object.assign(new Error(`${context}${where} must be a finite number`), {
          statusCode: 400,
          validation: [
            { keyword: FINITE_KEYWORD, instancePath: where, params: {}, message: 'must be a finite number' },
          ],
          validationContext: context,
        }),
      );
  }
  done();
}

/**
 * Whether a request of the operation can carry a number at all: a JSON body can (JSON.parse reads `1e309` as
 * Infinity), and so can a query or path parameter its schema types as a number. Other calls skip the check.
 */
function carriesNumbers(operation: OpenApiOperation): boolean {
  if (operation.requestBody) return true;
  const schemas = JSON.stringify([querySchema(operation), paramsSchema(operation) ?? null]);
  return /"(number|integer)"/.test(schemas);
}

/**
 * The success envelope's JSON schema (component refs inlined), used by Fastify to serialise fast. Failures carry
 * `data: null`, so `data` also accepts null.
 */
function responseSchema(operation: OpenApiOperation, contract: OpenApiDocument): object | undefined {
  const schema = operation.responses['200']?.content?.['application/json']?.schema;
  if (!schema) return undefined; // e.g. image/png answers
  const envelope = inlined(schema, contract) as { properties?: Record<string, object> };
  if (envelope.properties?.data)
    envelope.properties.data = { anyOf: [envelope.properties.data, { type: 'null' }] };
  return envelope;
}

export function registerContract(
  app: FastifyInstance,
  contract: OpenApiDocument,
  handlers: HandlerMap,
): void {
  const seen = new Set<string>();
  for (const [url, operations] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(operations) as [string, OpenApiOperation][]) {
      // Each handler is typed by its own operation; Fastify has validated the request against that operation's
      // schemas before calling it, so the one handler type the route table holds is safe here.
      const handler = Object.hasOwn(handlers, operation.operationId)
        ? (handlers[operation.operationId as OperationId] as RouteHandlerMethod | undefined)
        : undefined;
      if (!handler)
        throw new Error(
          `contract operation ${operation.operationId} (${method.toUpperCase()} ${url}) has no handler`,
        );
      seen.add(operation.operationId);
      app.route({
        method: method.toUpperCase() as 'GET' | 'POST',
        // OpenAPI writes path parameters as {name}, Fastify as :name.
        url: url.replace(/\{(\w+)\}/g, ':$1'),
        // Rate limits are part of the contract (x-rate-limit), applied by @fastify/rate-limit.
        ...(operation['x-rate-limit'] ? { config: { rateLimit: operation['x-rate-limit'] } } : {}),
        // A body over the limit answers 413 as soon as its Content-Length (or its first bytes past it) arrive.
        bodyLimit: operation['x-body-limit'] ?? CONTRACT_BODY_LIMIT,
        ...(carriesNumbers(operation) ? { preHandler: finiteNumbersOnly } : {}),
        schema: {
          querystring: querySchema(operation),
          ...(paramsSchema(operation) ? { params: paramsSchema(operation) } : {}),
          ...(bodySchema(operation, contract) ? { body: bodySchema(operation, contract) } : {}),
          ...(responseSchema(operation, contract)
            ? { response: { 200: responseSchema(operation, contract) } }
            : {}),
        },
        handler,
      });
    }
  }
  const orphans = Object.keys(handlers).filter((id) => !seen.has(id));
  if (orphans.length) throw new Error(`handlers without a contract operation: ${orphans.join(', ')}`);
}
