/**
 * No import cycles in src/ or server/ (a cycle makes module order fragile and defeats code splitting). A plain graph
 * walk over relative imports: cheaper than a lint plugin, and its resolver needs no native binary.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './config/check';

const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

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

export function findCycles(files: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    // Static imports and re-exports only; `import type` and dynamic import() do not create load-order cycles.
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
    ].map((m) => m[1]);
    graph.set(
      file,
      specifiers.map((s) => resolve(file, s)).filter((f): f is string => Boolean(f)),
    );
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting')
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(projectRoot, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports', () => {
  it('have no cycles in src/ and server/', () => {
    const files = [
      ...sourceFiles(path.join(projectRoot, 'src')),
      ...sourceFiles(path.join(projectRoot, 'server')),
    ];
    expect(files.length).toBeGreaterThan(20);
    expect(findCycles(files)).toEqual([]);
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
});
