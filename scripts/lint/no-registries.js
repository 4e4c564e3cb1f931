/**
 * `livev3/no-registries`: server modules find their collaborators in the services buildServer hands them
 * (server/services.ts), never in a registry of their own:
 * - no `WeakMap` (or `Map`) keyed by the database or the server (`Sql`, `Db`, `Kysely`, `Transaction`, `Data`,
 *   `FastifyInstance`): a module that looks its collaborators up by the database hides how the server is put together;
 * - no call at a module's top level: a module that registers itself when imported works only as long as someone
 *   imports it (an entry point such as server/main.ts is exempt in eslint.config.js).
 * Caches private to one module and keyed by something else (a socket, a reply, a compiled query) are fine.
 */
const SERVER_KEYS = new Set(['Sql', 'Db', 'Kysely', 'Transaction', 'Data', 'FastifyInstance']);
const MAPS = new Set(['WeakMap', 'Map']);

const typeName = (type) =>
  type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier' ? type.typeName.name : undefined;

/** The key type of `Map<K, V>` type arguments, when it names the database or the server. */
const serverKey = (typeArguments) => {
  const key = typeName(typeArguments?.params?.[0]);
  return key && SERVER_KEYS.has(key) ? key : undefined;
};

/** A call, also behind `await` or `void`. */
const isCall = (expression) =>
  expression.type === 'CallExpression' ||
  (expression.type === 'AwaitExpression' && isCall(expression.argument)) ||
  (expression.type === 'UnaryExpression' && expression.operator === 'void' && isCall(expression.argument));

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Collaborators come from the services object, not from registries' },
    schema: [],
    messages: {
      keyedRegistry:
        'A {{map}} keyed by {{key}} is a registry: put what it holds on the services (server/services.ts) and hand it to the code that needs it.',
      topLevelCall:
        'A call at the top level of a server module runs when the module is imported (registration by import side effect): export a function and call it from the domain (its index.ts) or buildServer.',
    },
  },
  create(context) {
    const check = (node, map, typeArguments) => {
      const key = serverKey(typeArguments);
      if (MAPS.has(map) && key) context.report({ node, messageId: 'keyedRegistry', data: { map, key } });
    };
    return {
      NewExpression(node) {
        if (node.callee.type === 'Identifier')
          check(node, node.callee.name, node.typeArguments ?? node.typeParameters);
      },
      TSTypeReference(node) {
        const map = typeName(node);
        if (map) check(node, map, node.typeArguments ?? node.typeParameters);
      },
      'Program > ExpressionStatement'(node) {
        if (isCall(node.expression)) context.report({ node, messageId: 'topLevelCall' });
      },
    };
  },
};
