/**
 * `livev3/no-real-clock`: the server and the app read the time from their one clock (server/clock.ts, src/lib/clock.ts),
 * never from `Date.now`, `new Date()` or `Date()` directly. A path that reads the real clock where the rest takes the
 * injected one breaks tests that fix the clock as soon as the real date moves past their fixed one.
 * Durations are measured with `performance.now()`, which no test fixes.
 */
const isDate = (node) => node.type === 'Identifier' && node.name === 'Date';

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Read the time from the one clock, not from Date' },
    schema: [{ type: 'object', properties: { clock: { type: 'string' } }, additionalProperties: false }],
    messages: {
      realClock:
        '{{what}} reads the real clock. Take the time from the one clock ({{clock}}): the `now` the code was given, so tests that fix the clock fix it here too. Durations: performance.now().',
    },
  },
  create(context) {
    const clock = context.options[0]?.clock ?? 'the injected clock';
    const report = (node, what) => context.report({ node, messageId: 'realClock', data: { what, clock } });
    return {
      MemberExpression(node) {
        const name = node.computed
          ? node.property.type === 'Literal' && node.property.value
          : node.property.name;
        if (isDate(node.object) && name === 'now') report(node, 'Date.now');
      },
      NewExpression(node) {
        if (isDate(node.callee) && node.arguments.length === 0) report(node, 'new Date()');
      },
      CallExpression(node) {
        if (isDate(node.callee)) report(node, 'Date()');
      },
    };
  },
};
