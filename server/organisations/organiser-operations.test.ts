/**
 * The contract's `x-organiser` mark and the code agree: an operation is marked exactly when its handler, directly or
 * through the functions it calls, reaches one of the organisation gates (`requireOrganiserRole`, which refuses, or
 * `organisationsWhere`, which narrows rows to the caller's organisations). server/security/organisations.test.ts calls
 * every marked operation as another organisation's staff; this keeps an organiser call that checks roles from being
 * left out of that list because nobody marked it, and a mark from standing on a call that checks nothing.
 *
 * The call graph comes from the TypeScript checker over server/ (tests excluded): a handler is a property or method
 * named after an operationId in an object literal; a call edge goes from every enclosing function to the function a
 * call resolves to (imports followed).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot, serverRoot } from '../config.ts';
import { loadContract } from '../contract/load.ts';

/** The gates: asking `organiserMay` alone only answers a question (the chat's `can_moderate` flag) and is no gate. */
const GATES = ['requireOrganiserRole', 'organisationsWhere'];
const ROLES_FILE = path.join(serverRoot, 'organisations/roles.ts');

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'media' ? [] : serverSources(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

type FunctionNode = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node);

/** The function a declaration stands for: itself, or the function a `const f = () => ...` holds. */
function functionOf(declaration: ts.Declaration): FunctionNode | undefined {
  if (isFunction(declaration)) return declaration;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer && isFunction(declaration.initializer))
    return declaration.initializer;
  return undefined;
}

function organiserCallGraph(operationIds: ReadonlySet<string>) {
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(projectRoot, 'tsconfig.json'), (file) => ts.sys.readFile(file)).config,
    ts.sys,
    projectRoot,
  );
  // Only server/ matters: libraries and the standard library are read as empty files, which keeps the scan fast.
  const options = { ...config.options, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file.startsWith(serverRoot)
      ? readSource(file, language, ...rest)
      : ts.createSourceFile(file, '', language);
  const program = ts.createProgram(serverSources(serverRoot), options, host);
  const checker = program.getTypeChecker();
  const calls = new Map<FunctionNode, Set<FunctionNode>>();
  const handlers = new Map<string, FunctionNode[]>();
  const gates = new Set<FunctionNode>();

  const callee = (call: ts.CallExpression): FunctionNode | undefined => {
    let symbol = checker.getSymbolAtLocation(call.expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && functionOf(declaration);
  };

  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(serverRoot) || source.isDeclarationFile) continue;
    const visit = (node: ts.Node) => {
      if (
        source.fileName === ROLES_FILE &&
        ts.isFunctionDeclaration(node) &&
        GATES.includes(node.name?.text ?? '')
      )
        gates.add(node);
      if (ts.isCallExpression(node)) {
        const target = callee(node);
        if (target)
          for (let outer = node.parent; outer; outer = outer.parent)
            if (isFunction(outer)) {
              const set = calls.get(outer) ?? new Set();
              calls.set(outer, set.add(target));
            }
      }
      if (ts.isObjectLiteralElementLike(node) && node.name && ts.isIdentifier(node.name)) {
        const name = node.name.text;
        const handler = ts.isMethodDeclaration(node)
          ? node
          : ts.isPropertyAssignment(node) && isFunction(node.initializer)
            ? node.initializer
            : undefined;
        if (handler && operationIds.has(name)) handlers.set(name, [...(handlers.get(name) ?? []), handler]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const reachesGate = (start: FunctionNode): boolean => {
    const seen = new Set<FunctionNode>();
    const stack = [start];
    while (stack.length) {
      const next = stack.pop()!; // the loop runs only while the stack holds something
      if (gates.has(next)) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(calls.get(next) ?? []));
    }
    return false;
  };
  return { handlers, gates, reachesGate };
}

describe('operations marked x-organiser', () => {
  const contract = loadContract(path.join(projectRoot, 'schemas/api'));
  const operations = Object.values(contract.paths).flatMap((byMethod) => Object.values(byMethod));
  const operationIds = new Set(operations.map((operation) => operation.operationId));
  const marked = operations
    .filter((operation) => operation['x-organiser'] === true)
    .map((operation) => operation.operationId)
    .sort();

  it('are exactly those whose handler reaches an organisation gate', { timeout: 120_000 }, () => {
    const { handlers, gates, reachesGate } = organiserCallGraph(operationIds);
    // The scan itself: it found both gates and a handler for every operation, or its answer would mean nothing.
    expect(gates.size).toBe(GATES.length);
    expect([...operationIds].filter((id) => !handlers.has(id))).toEqual([]);
    const gated = [...handlers]
      .filter(([, functions]) => functions.some(reachesGate))
      .map(([id]) => id)
      .sort();
    expect(gated).toEqual(marked);
  });
});
