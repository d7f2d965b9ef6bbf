/**
 * Dependencies one way: the import graph of src/ and web/, built from the
 * sources, against the layer order the README's Layout gives. A module
 * imports only from its own layer and those before it, and the graph has
 * no cycle (type-only imports left out: they leave no trace at run time).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The layers as the README's Layout names them, lowest first. */
function readmeLayers(): string[] {
  const m = /^Layers: (.*)\.$/m.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  if (!m) throw new Error('README.md has no "Layers: …." line in its Layout');
  return m[1].split(',').map((s) => s.trim());
}

/** Every TypeScript module of src/ and web/ (paths from the root). */
function modules(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.c?ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk('src');
  walk('web');
  return out.sort();
}

/** A module's layer: web, or src's folder (src/x/…) or file (src/x.ts). */
const layerOf = (file: string): string => (file.startsWith('web/') ? 'web' : file.split('/')[1].replace(/\.c?ts$/, ''));

/** What a module imports at run time, among the modules (relative imports; `import type` left out). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s*'(\.[^']+)'|\bimport\('(\.[^']+)'\)/g)) {
    const target = relative(ROOT, resolve(dirname(join(ROOT, file)), m[1] ?? m[2])).replace(/\.(c?)js$/, '.$1ts');
    if (known.has(target)) out.push(target);
  }
  return out;
}

/** The strongly connected parts of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('dependencies one way', () => {
  const files = modules();
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const layers = readmeLayers();

  it('every module is in a layer the README names', () => {
    expect(files.filter((f) => !layers.includes(layerOf(f)))).toEqual([]);
    expect(files.length).toBeGreaterThan(80);
  });

  it('no module imports from a later layer', () => {
    const against: string[] = [];
    for (const [f, outs] of graph) {
      for (const t of outs)
        if (layers.indexOf(layerOf(t)) > layers.indexOf(layerOf(f))) against.push(`${f} (${layerOf(f)}) imports ${t} (${layerOf(t)})`);
    }
    expect(against).toEqual([]);
  });

  it('no cycle of imports', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    // A graph written by hand: a -> b -> c -> a is a cycle, d alone is not.
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    // search (a lower layer) importing the pool is against the order.
    expect(layers.indexOf('pool')).toBeGreaterThan(layers.indexOf('search'));
    expect(layerOf('src/search/nws.ts')).toBe('search');
    expect(layerOf('src/settings.ts')).toBe('settings');
    expect(importsOf('src/search/nws.ts', known)).toContain('src/search/constants.ts');
  });
});

describe('twins', () => {
  it('each assembly/ file that is the twin of a TypeScript file names it, and that file names it back', () => {
    const pairs: [string, string][] = [];
    for (const f of readdirSync(join(ROOT, 'assembly')).filter((n) => n.endsWith('.ts'))) {
      const m = /twin of (src\/[a-z/]+|native-free-bitboard\/src\/[a-z]+)/.exec(readFileSync(join(ROOT, 'assembly', f), 'utf8'));
      if (m) pairs.push([`assembly/${f}`, `${m[1]}.ts`]);
    }
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    const unnamed = pairs.filter(([asm, ts]) => !readFileSync(join(ROOT, ts), 'utf8').includes(`Twin: ${asm}`));
    expect(unnamed).toEqual([]);
  });
});
