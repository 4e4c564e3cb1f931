/**
 * Every message the server sends exists in both languages. The types already refuse a plain string (ApiFailure,
 * localize, the socket's refusal and connectionRefusal take `{ 'zh-CN', en }` only); this walks server/**\/*.ts with
 * the TypeScript checker and follows each of those calls' message to the texts written in the source (through
 * constants, tables, conditionals, helpers that pass a message on, and functions that return one), then checks each
 * text: both written, the English one without Chinese, the Chinese one not left in English.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const serverDir = path.dirname(new URL(import.meta.url).pathname);

/** Han characters, CJK and full-width punctuation. */
const CHINESE = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const LATIN = /[A-Za-z]/;

/** The calls that send a message, by the module that declares them and the argument that is the message. */
const SENDERS: { file: string; name: string; argument: number }[] = [
  { file: 'envelope.ts', name: 'ApiFailure', argument: 1 },
  { file: 'envelope.ts', name: 'localize', argument: 0 },
  { file: 'realtime.ts', name: 'refusal', argument: 2 },
  { file: 'realtime.ts', name: 'connectionRefusal', argument: 2 },
];

type Problem = { at: string; problem: string };

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(dir, name);
    const base = path.basename(file);
    if (
      !base.endsWith('.ts') ||
      base.endsWith('.test.ts') ||
      base.startsWith('test-') ||
      base.endsWith('.d.ts')
    )
      return [];
    return file.includes(`${path.sep}node_modules${path.sep}`) ? [] : [file];
  });
}

/** Walks the given files; `senders` are resolved in `envelopeDir` (server/). */
export function findMessageProblems(
  files: string[],
  envelopeDir = serverDir,
): { problems: Problem[]; messages: number } {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    // Only server/'s own files: the libraries' types say nothing of its messages and cost most of the time.
    noResolve: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const problems: Problem[] = [];
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(envelopeDir, source.fileName)}:${line + 1}`;
  };

  /** Function declarations whose parameter (by index) carries a message to a sender. */
  const sinks = new Map<ts.Node, Set<number>>();
  for (const sender of SENDERS) {
    const source = program.getSourceFile(path.join(envelopeDir, sender.file));
    source?.forEachChild((node) => {
      if ((ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name?.text === sender.name)
        sinks.set(node, new Set([sender.argument]));
    });
  }

  const declarationOf = (expression: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  };
  const unwrap = (node: ts.Expression): ts.Expression => {
    let current = node;
    while (
      ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isNonNullExpression(current)
    )
      current = current.expression;
    return current;
  };
  /** The function a parameter belongs to, registered as a sink of that parameter. */
  const passOn = (parameter: ts.ParameterDeclaration): boolean => {
    const owner = parameter.parent;
    if (ts.isConstructorDeclaration(owner)) return false;
    const index = owner.parameters.indexOf(parameter);
    const known = sinks.get(owner) ?? new Set<number>();
    if (known.has(index)) return true;
    known.add(index);
    sinks.set(owner, known);
    changed = true;
    return true;
  };
  const propertyOf = (object: ts.ObjectLiteralExpression, name: string | null): ts.Expression[] =>
    object.properties.flatMap((property) => {
      if (ts.isShorthandPropertyAssignment(property))
        return name === null || property.name.text === name ? [property.name] : [];
      if (!ts.isPropertyAssignment(property)) return [];
      const key = property.name;
      const text = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : null;
      return name === null || text === name ? [property.initializer] : [];
    });

  /** The object literals (or texts) a message expression comes from; `false` when it cannot be followed. */
  const origins = (node: ts.Expression, seen: Set<ts.Node>): ts.Expression[] | false => {
    const expression = unwrap(node);
    if (seen.has(expression)) return [];
    seen.add(expression);
    if (ts.isObjectLiteralExpression(expression)) return [expression];
    const branches = ts.isConditionalExpression(expression)
      ? [expression.whenTrue, expression.whenFalse]
      : ts.isBinaryExpression(expression) &&
          [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(
            expression.operatorToken.kind,
          )
        ? [expression.left, expression.right]
        : null;
    if (branches) {
      const found = branches.map((branch) => origins(branch, seen));
      return found.every(Boolean) ? found.flatMap((each) => each || []) : false;
    }
    if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
      const declaration = declarationOf(expression);
      // An ApiFailure's own texts, passed on (a caught failure acked on a socket): checked where it was made.
      if (declaration && ts.isParameter(declaration) && ts.isConstructorDeclaration(declaration.parent))
        return [];
      const name = ts.isPropertyAccessExpression(expression)
        ? expression.name.text
        : ts.isStringLiteral(expression.argumentExpression)
          ? expression.argumentExpression.text
          : null;
      const objects = origins(expression.expression, seen);
      if (!objects) return false;
      const found: ts.Expression[] = [];
      for (const object of objects) {
        if (!ts.isObjectLiteralExpression(object)) return false;
        for (const value of propertyOf(object, name)) {
          const inner = origins(value, seen);
          if (!inner) return false;
          found.push(...inner);
        }
      }
      return found;
    }
    if (ts.isIdentifier(expression)) {
      const declaration = declarationOf(expression);
      if (!declaration) return false;
      if (ts.isVariableDeclaration(declaration))
        return declaration.initializer ? origins(declaration.initializer, seen) : false;
      if (ts.isParameter(declaration)) return passOn(declaration) ? [] : false;
      if (ts.isBindingElement(declaration)) {
        const variable = declaration.parent.parent;
        if (!ts.isVariableDeclaration(variable) || !variable.initializer) return false;
        const name = (declaration.propertyName ?? declaration.name).getText();
        const objects = origins(variable.initializer, seen);
        if (!objects) return false;
        const found: ts.Expression[] = [];
        for (const object of objects) {
          if (!ts.isObjectLiteralExpression(object)) return false;
          for (const value of propertyOf(object, name)) found.push(...(origins(value, seen) || []));
        }
        return found;
      }
      return false;
    }
    if (ts.isCallExpression(expression)) {
      const declaration = declarationOf(expression.expression);
      const body =
        declaration && ts.isVariableDeclaration(declaration)
          ? declaration.initializer
          : (declaration as ts.Node);
      if (!body || !(ts.isFunctionLike(body) && 'body' in body && body.body)) return false;
      const returned: ts.Expression[] = [];
      if (!ts.isBlock(body.body)) returned.push(body.body as ts.Expression);
      else
        body.body.forEachChild(function visit(child) {
          if (ts.isReturnStatement(child) && child.expression) returned.push(child.expression);
          else if (!ts.isFunctionLike(child)) child.forEachChild(visit);
        });
      const found: ts.Expression[] = [];
      for (const value of returned) {
        const inner = origins(value, seen);
        if (!inner) return false;
        found.push(...inner);
      }
      return found;
    }
    return false;
  };

  /** The texts a language's value may be: its written parts (substitutions left out), one per branch. */
  const texts = (node: ts.Expression): string[] | false => {
    const value = unwrap(node);
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return [value.text];
    if (ts.isTemplateExpression(value)) {
      for (const span of value.templateSpans) followSubstitution(span.expression);
      return [value.head.text + value.templateSpans.map((span) => span.literal.text).join('')];
    }
    if (ts.isConditionalExpression(value)) {
      const a = texts(value.whenTrue);
      const b = texts(value.whenFalse);
      return a && b ? [...a, ...b] : false;
    }
    // Another message's text in the same language (`texts['zh-CN']`): followed as a message of its own.
    if (ts.isElementAccessExpression(value) || ts.isPropertyAccessExpression(value)) {
      followSubstitution(value);
      return [''];
    }
    if (ts.isIdentifier(value)) {
      const declaration = declarationOf(value);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
        return texts(declaration.initializer);
      return [''];
    }
    return [''];
  };
  /** `why['zh-CN']` inside a text: `why` is a message too (a helper's parameter, a table's entry). */
  const followSubstitution = (node: ts.Expression) => {
    const value = unwrap(node);
    if (!ts.isElementAccessExpression(value) && !ts.isPropertyAccessExpression(value)) return;
    const key = ts.isPropertyAccessExpression(value)
      ? value.name.text
      : ts.isStringLiteral(value.argumentExpression)
        ? value.argumentExpression.text
        : '';
    if (key !== 'en' && key !== 'zh-CN') return;
    const objects = origins(value.expression, new Set());
    if (objects) for (const object of objects) checkMessage(object);
  };

  const checked = new Set<ts.Node>();
  const checkMessage = (node: ts.Expression) => {
    if (checked.has(node)) return;
    checked.add(node);
    if (!ts.isObjectLiteralExpression(node)) {
      problems.push({ at: where(node), problem: 'a message that is not { zh-CN, en }' });
      return;
    }
    for (const locale of ['zh-CN', 'en'] as const) {
      const values = propertyOf(node, locale);
      if (values.length !== 1) {
        problems.push({ at: where(node), problem: `no ${locale} text` });
        continue;
      }
      const written = texts(values[0]);
      if (!written) {
        problems.push({ at: where(values[0]), problem: `the ${locale} text cannot be followed` });
        continue;
      }
      for (const text of written) {
        if (ts.isStringLiteral(unwrap(values[0])) && !text.trim())
          problems.push({ at: where(values[0]), problem: `empty ${locale} text` });
        if (locale === 'en' && CHINESE.test(text))
          problems.push({ at: where(values[0]), problem: `Chinese in the English text: ${text}` });
        if (locale === 'zh-CN' && LATIN.test(text) && !CHINESE.test(text))
          problems.push({ at: where(values[0]), problem: `the Chinese text is English: ${text}` });
      }
    }
  };

  const sources = program.getSourceFiles().filter((source) => files.includes(path.resolve(source.fileName)));
  let changed = true;
  const visitedCalls = new Set<ts.Node>();
  // Helpers found to pass a message on become senders too: walk again until no new one turns up.
  while (changed) {
    changed = false;
    for (const source of sources)
      source.forEachChild(function visit(node) {
        if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && !visitedCalls.has(node)) {
          let declaration = declarationOf(node.expression);
          if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
            declaration = declaration.initializer as unknown as ts.Declaration;
          const indexes = declaration ? sinks.get(declaration) : undefined;
          if (indexes) {
            visitedCalls.add(node);
            for (const index of indexes) {
              const argument = node.arguments?.[index];
              if (!argument) continue;
              const found = origins(argument, new Set());
              if (!found)
                problems.push({ at: where(argument), problem: 'a message that cannot be followed' });
              else found.forEach(checkMessage);
            }
          }
        }
        node.forEachChild(visit);
      });
  }
  return { problems, messages: checked.size };
}

describe('server messages', () => {
  it('every failure, acknowledgement and refusal has both languages', { timeout: 120_000 }, () => {
    const { problems, messages } = findMessageProblems(serverSources(serverDir));
    expect(problems.map(({ at, problem }) => `${at}: ${problem}`)).toEqual([]);
    // The walk reached the messages (a resolution that found none would pass vacuously).
    expect(messages).toBeGreaterThan(200);
  });

  it('finds a broken message wherever it is made', { timeout: 120_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livev3-messages-'));
    try {
      const envelope = JSON.stringify(path.join(serverDir, 'envelope.ts'));
      const realtime = JSON.stringify(path.join(serverDir, 'realtime.ts'));
      const fixture = path.join(dir, 'broken.ts');
      fs.writeFileSync(
        fixture,
        [
          `import { ApiFailure, localize } from ${envelope};`,
          `import { refusal } from ${realtime};`,
          `const SAID = { 'zh-CN': 'Not found', en: '没有' } as const;`,
          `const fail = (texts: { 'zh-CN': string; en: string }) => new ApiFailure(400, texts);`,
          `export const a = () => new ApiFailure(404, SAID);`,
          `export const b = () => fail({ 'zh-CN': '', en: 'Empty Chinese' });`,
          `export const c = (s: never) => refusal(s, 400, { 'zh-CN': '好', en: \`\${1}个\` });`,
          `export const d = (x: { 'zh-CN': string; en: string }) => localize(x, 'en');`,
          `export const e = () => localize({ 'zh-CN': '好', en: 'Fine' }, 'en');`,
        ].join('\n'),
      );
      const roots = [fixture, path.join(serverDir, 'envelope.ts'), path.join(serverDir, 'realtime.ts')];
      const found = findMessageProblems(roots).problems.filter(({ at }) => at.includes('broken.ts'));
      expect(found.map(({ problem }) => problem).sort()).toEqual(
        [
          'Chinese in the English text: 个',
          'Chinese in the English text: 没有',
          'empty zh-CN text',
          'the Chinese text is English: Not found',
        ].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
