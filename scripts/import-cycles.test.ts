/**
 * No import cycles in src/ or server/ (a cycle makes module order fragile and defeats code splitting), and no cycle
 * between the folders of src/ (a layer, a feature): a folder that imports another may not be imported back by it, or
 * the two are one part in two places. A plain graph walk over relative imports: cheaper than a lint plugin, and its
 * resolver needs no native binary.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './config/check';

const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const src = path.join(projectRoot, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'media' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  return extensions.map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
}

/** Static imports and re-exports: `import type` and import() do not create load-order cycles. */
const loadOrderImports = /^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
/** Every relative import a folder depends on: static, type-only, re-exported or dynamic. */
const everyImport = /(?:\bfrom\s+|^import\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Each file's imports of the other files, by `pattern`. */
function importGraph(files: string[], pattern: RegExp): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const specifiers = [...fs.readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1]);
      return [file, specifiers.map((s) => resolve(file, s)).filter((f): f is string => Boolean(f))];
    }),
  );
}

function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

export function findCycles(files: string[]): string[][] {
  return cyclesOf(importGraph(files, loadOrderImports)).map((cycle) =>
    cycle.map((file) => path.relative(projectRoot, file)),
  );
}

/** The folder of `root` (src/) a file belongs to: its feature (`features/<name>`), else its layer (`lib`, `blocks`...). */
function folderOf(root: string, file: string): string {
  const [top, name] = path.relative(root, file).split(path.sep);
  return top === 'features' ? `features/${name}` : top;
}

/** Cycles between the folders of `root` (src/), over every kind of import. */
export function findFolderCycles(files: string[], root = src): string[][] {
  const graph = new Map<string, string[]>();
  for (const [file, imports] of importGraph(files, everyImport)) {
    const from = folderOf(root, file);
    const to = imports.map((target) => folderOf(root, target)).filter((folder) => folder !== from);
    graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
  }
  return cyclesOf(graph);
}

describe('imports', () => {
  it('have no cycles in src/ and server/', () => {
    const files = [...sourceFiles(src), ...sourceFiles(path.join(projectRoot, 'server'))];
    expect(files.length).toBeGreaterThan(20);
    expect(findCycles(files)).toEqual([]);
  });

  it('have no cycles between the folders of src/ (layers, features)', () => {
    expect(findFolderCycles(sourceFiles(src))).toEqual([]);
  });

  it('would catch one', () => {
    const dir = fs.mkdtempSync(path.join(projectRoot, 'node_modules/.cycle-test-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = a;\n");
    try {
      expect(findCycles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')])).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('would catch a cycle between two features, through a lazy import', () => {
    const dir = fs.mkdtempSync(path.join(projectRoot, 'node_modules/.cycle-test-'));
    const chat = path.join(dir, 'features/chat/ChatRoom.tsx');
    const gift = path.join(dir, 'features/gift/GiftPopup.tsx');
    fs.mkdirSync(path.dirname(chat), { recursive: true });
    fs.mkdirSync(path.dirname(gift), { recursive: true });
    fs.writeFileSync(chat, "export const GiftPopup = lazy(() => import('../gift/GiftPopup'));\n");
    fs.writeFileSync(gift, "import type { ChatMessage } from '../chat/ChatRoom';\n");
    try {
      expect(findCycles([chat, gift])).toEqual([]);
      expect(findFolderCycles([chat, gift], dir)).toEqual([['features/chat', 'features/gift']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
