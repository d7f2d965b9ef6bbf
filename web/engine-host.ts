/**
 * The page's engine: the WebAssembly module and the weights, fetched once;
 * the solver's settings read from the form through the settings table
 * (src/settings.ts) within the page's engine's limits; the solver kept
 * while those settings stay the same (its workers and tables stay); what
 * ran, for the tests (window.revsolve.stats).
 */
import type { WeightsBytes } from '../src/eval/format.js';
import { engineFor } from '../src/pool/policy.js';
import { DEFAULT_LAYOUT, SettingProblem, setting, type TreeValues } from '../src/settings/index.js';
import type { EngineName } from '../src/wasm/engine.js';
import { $ } from './dom.js';
import { FORM_FIELDS, PAGE_MAX } from './form.js';
import { type PageSettings, PageSolver, tableMemoryOf } from './pool-solves.js';

/** The form's solve settings: the page solver's (PageSettings), under the settings table's keys. */
export type SolveSettings = PageSettings;

export class EngineHost {
  readonly isolated = globalThis.crossOriginIsolated === true;
  /** What ran, for the tests and the curious. */
  /** What ran, for the tests: lastContext is the tree settings the last best-move solve's search context read back. */
  readonly stats = { engine: '', workers: 0, lastNodes: 0, solves: 0, lastContext: null as TreeValues | null };
  solver: PageSolver | null = null;
  private module: WebAssembly.Module | null = null;
  /** Why the WebAssembly engine cannot run here ('' when it can). */
  why = '';
  private weights: WeightsBytes | null = null;

  /** The module and the weights, once. */
  async load(): Promise<void> {
    try {
      this.module = await WebAssembly.compileStreaming(fetch('revsolve.wasm'));
      // A shared memory and atomics: what the engine's module needs.
      new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    } catch (e) {
      this.module = null;
      this.why = engineFor('wasm', 10, DEFAULT_LAYOUT, e instanceof Error ? e.message : String(e)).why ?? '';
    }
    const r = await fetch('revsolve.rsev');
    if (!r.ok) throw new Error(`revsolve.rsev: HTTP ${r.status}`);
    const raw = new Uint8Array(await r.arrayBuffer());
    // Shared where it can be, so that tasks carry the weights without a copy.
    const bytes = this.isolated ? new Uint8Array(new SharedArrayBuffer(raw.length)) : new Uint8Array(raw.length);
    bytes.set(raw);
    const digest = crypto.subtle
      ? Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', raw)), (b) => b.toString(16).padStart(2, '0')).join('')
      : `revsolve.rsev ${raw.length}`;
    this.weights = { file: 'revsolve.rsev', bytes, digest };
  }

  /** The engine that loaded ('wasm', or 'ts' with the reason). */
  describe(): string {
    return `${this.isolated ? 'cross-origin isolated' : 'not isolated: one table per worker, Stop ends the workers'} · engine ${this.module ? 'wasm' : 'ts'}${this.why ? ` · ${this.why}` : ''}`;
  }

  /** The form's settings, checked (an Error naming the field otherwise). */
  settings(): SolveSettings {
    const hashBits = pageSetting('hashBits', 'h');
    const workers = pageSetting('workers', 'workers');
    const asked = setting('engine').check(($(FORM_FIELDS.engine) as HTMLSelectElement).value) as EngineName;
    return { hashBits, workers, engine: engineFor(asked, hashBits, DEFAULT_LAYOUT, this.module ? null : this.why).engine };
  }

  /** The tables' memory the settings ask for: a table per worker, and a shared one to split (what the next solve takes). */
  tableMemory(): number {
    try {
      return tableMemoryOf(this.settings(), this.isolated);
    } catch {
      return 0;
    }
  }

  /** The solver for the settings asked (kept while they stay the same). */
  async solverFor(s: SolveSettings): Promise<PageSolver> {
    const old = this.solver;
    let sv = old;
    if (!sv || sv.settings.hashBits !== s.hashBits || sv.settings.workers !== s.workers || sv.settings.engine !== s.engine) {
      old?.terminate();
      sv = new PageSolver(s, this.isolated, s.engine === 'wasm' ? this.module : null, this.weights!, new URL('worker.js', import.meta.url));
      this.solver = sv;
      await sv.pool.whenReady();
      $('result').textContent = 'making the tables…';
      await sv.prepare();
      $('result').textContent = '';
    }
    this.stats.engine = s.engine;
    this.stats.workers = s.workers;
    $('env').dataset.engine = s.engine;
    $('env').dataset.workers = String(s.workers);
    $('env').textContent =
      `${this.isolated ? 'cross-origin isolated' : 'not isolated: one table per worker, Stop ends the workers'} · engine ${s.engine} · ${s.workers} worker${s.workers > 1 ? 's' : ''}${s.engine === 'ts' && this.why ? ` · ${this.why}` : ''}`;
    return sv;
  }
}

/** A setting of the page's form, parsed and checked by the settings table, and within the page's engine's own limit. */
function pageSetting(key: 'hashBits' | 'workers', label: string): number {
  const text = ($(FORM_FIELDS[key]) as HTMLInputElement).value.trim();
  const max = PAGE_MAX[key] as number;
  let v: number;
  try {
    v = setting(key).parse(text) as number;
  } catch (e) {
    throw new Error(`${label}: ${e instanceof SettingProblem ? e.message : String(e)}`);
  }
  if (v > max) throw new Error(`${label}: at most ${max} here, not ${text}`);
  return v;
}
