/**
 * The results file of a long run (JSON Lines): each finished position is
 * appended and flushed to disk at once, so that a crash or a kill loses
 * nothing finished; `--resume` reads it back and skips those positions.
 * A line is trusted only when it names a position of the suite (index and
 * board text agree) and has well-formed fields; any other line is reported.
 */

import { existsSync, readFileSync, readSync, statSync } from 'node:fs';
import { AppendFile } from '../io.js';
import type { ObfEntry } from '../position/obf.js';
import { formatPosition, moveName, PASS, squareOrPass } from '../position/position.js';
import { NO_MOVE } from '../search/table.js';
import { WLD_RESULTS, type Wld } from '../search/wld.js';
import { olderDigest, type TreeValues, treeFlags } from '../settings/index.js';
import { check, type PositionResult } from '../solve/solve.js';

function jsonMove(m: number): string | null {
  return m === NO_MOVE ? null : moveName(m);
}

/** The JSON object of a result (what `--json` prints and the results file keeps). */
export function jsonRecord(r: PositionResult, level = false): Record<string, unknown> {
  return {
    index: r.index,
    empties: r.empties,
    move: jsonMove(r.move),
    score: r.score,
    ...(r.wld ? { wld: r.wld } : {}),
    expected: r.expected,
    ok: r.ok,
    nodes: r.nodes,
    ms: Math.round(r.ms * 1000) / 1000,
    pv: r.pv.map(jsonMove),
    line: r.line,
    table: r.table,
    engine: r.engine,
    engineNodes: r.engineNodes,
    ...(r.helperNodes ? { helperNodes: r.helperNodes } : {}),
    ...(r.context ? { context: r.context } : {}),
    // A level's run says each row's kind: an estimate at a depth and confidence, or exact (to the end, at 100 %).
    ...(r.estimate
      ? { kind: 'estimate', depth: r.estimate.depth, confidence: r.estimate.confidence, stopped: r.estimate.stopped }
      : level
        ? { kind: 'exact', depth: r.empties, confidence: 100 }
        : {}),
  };
}

/** Appends results to a file, one flushed line each, under its lock (AppendFile). */
export class ResultsFile {
  private readonly file: AppendFile;

  /**
   * Opens `path` for appending, under its lock, before anything reads it
   * (start() says how to begin). `search` names the settings that make the
   * tree (a digest): each line carries it, so that a resume with other
   * settings is refused (readResults).
   */
  constructor(
    readonly path: string,
    private readonly search = '',
    /** A level's run: its exact rows say their kind too (jsonRecord). */
    private readonly level = false,
  ) {
    this.file = new AppendFile(path);
  }

  /**
   * Starts writing: without `keep` the file is emptied; with it, a last
   * line cut short (a run killed mid-write) is ended, so that it stays one
   * bad line instead of spoiling the next good one.
   */
  start(keep: boolean): void {
    if (!keep) this.file.empty();
    const size = keep ? statSync(this.path).size : 0;
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(this.file.fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) this.file.append('\n');
    }
  }

  append(r: PositionResult, entry: ObfEntry): void {
    const record = {
      ...jsonRecord(r, this.level),
      position: formatPosition(entry.position),
      ...(this.search ? { search: this.search } : {}),
    };
    this.file.append(`${JSON.stringify(record)}\n`);
  }

  close(): void {
    this.file.close();
  }
}

function moveOf(v: unknown): number {
  if (v === null) return NO_MOVE;
  if (typeof v !== 'string') return -2;
  const m = squareOrPass(v);
  return m === PASS || m >= 0 ? m : -2;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Reads back a results file: the trusted results by index, what was wrong
 * with the other lines, and the lines that belong to another run: another
 * suite's position at that index, or (given `search`) other settings.
 * Those are not to be mixed in: the caller refuses the file.
 */
export function readResults(
  path: string,
  entries: readonly ObfEntry[],
  search = '',
  wld = false,
): { results: Map<number, PositionResult>; problems: string[]; foreign: string[] } {
  const results = new Map<number, PositionResult>();
  const problems: string[] = [];
  const foreign: string[] = [];
  let otherSuite = 0;
  if (!existsSync(path)) return { results, problems, foreign };
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    const where = `${path}:${i + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(`${where}: not JSON (a line cut short?), ignored`);
      return;
    }
    const o = (parsed ?? {}) as Record<string, unknown>;
    if (o.index !== undefined && (o.wld !== undefined) !== wld) {
      foreign.push(
        `${where}: ${wld ? 'an exact result, and this run is win/loss/draw only (--wld)' : 'a win/loss/draw result (--wld), and this run solves exactly'}`,
      );
      return;
    }
    if (search && typeof o.search === 'string' && olderDigest(o.search)) {
      foreign.push(
        `${where}: made by an earlier revsolve, whose settings digest (${o.search}) this one does not read: finish it with that revsolve, or solve again with --force`,
      );
      return;
    }
    if (search && typeof o.search === 'string' && o.search !== search) {
      foreign.push(`${where}: made with other search settings than this run's (${treeFlags()}; ${o.search} against ${search})`);
      return;
    }
    if (
      isInt(o.index) &&
      o.index >= 1 &&
      o.index <= entries.length &&
      typeof o.position === 'string' &&
      o.position !== formatPosition(entries[o.index - 1].position)
    ) {
      otherSuite++;
    }
    const r = parseRecord(parsed, entries, where);
    if (typeof r === 'string') problems.push(r);
    else results.set(r.index, r);
  });
  // A stray line of another suite is reported and its position solved again;
  // a file whose lines are mostly another suite's is that suite's results.
  if (otherSuite > 0 && otherSuite >= results.size)
    foreign.push(`${path}: ${otherSuite} of its lines are another suite's positions (another suite's results?)`);
  return { results, problems, foreign };
}

/**
 * One result record (a results-file line, or a queue run's result in Redis)
 * checked against the suite: the result, or what is wrong with it (`where`
 * first). The check against the answers is made again here, never taken
 * from the record.
 */
export function parseRecord(parsed: unknown, entries: readonly ObfEntry[], where: string): PositionResult | string {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return `${where}: not a result (a JSON object), ignored`;
  const o = parsed as Record<string, unknown>;
  const index = o.index;
  if (index === undefined) return `${where}: a JSON object with no index, not a result, ignored`;
  if (!isInt(index) || index < 1 || index > entries.length)
    return `${where}: index ${JSON.stringify(index)} is no position of this suite (1‥${entries.length}), ignored`;
  const entry = entries[index - 1];
  if (o.position !== formatPosition(entry.position)) {
    return `${where}: position ${index} is not the suite's position ${index} (another suite's results?), ignored`;
  }
  const move = moveOf(o.move);
  const pv = Array.isArray(o.pv) ? o.pv.map(moveOf) : [-2];
  const t = o.table as Record<string, unknown> | undefined;
  const wld = o.wld === undefined ? undefined : WLD_RESULTS.find((w) => w === o.wld);
  if (
    (o.wld !== undefined && wld === undefined) ||
    !isInt(o.score) ||
    o.score < -64 ||
    o.score > 64 ||
    move === -2 ||
    pv.includes(-2) ||
    !isInt(o.empties) ||
    typeof o.nodes !== 'number' ||
    typeof o.ms !== 'number' ||
    !t ||
    typeof t !== 'object'
  ) {
    return `${where}: malformed result for position ${index}, ignored`;
  }
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const estimate =
    o.kind === 'estimate' && isInt(o.depth) && isInt(o.confidence)
      ? { estimate: { depth: o.depth, confidence: o.confidence, stopped: o.stopped === true } }
      : {};
  if (o.kind === 'estimate' && !estimate.estimate) return `${where}: malformed estimate for position ${index}, ignored`;
  const checked = check(entry.answers, o.score, move, pv.length === 0, wld);
  return {
    index,
    line: entry.line,
    empties: o.empties,
    move,
    score: o.score,
    ...(wld ? { wld: wld as Wld } : {}),
    ...checked,
    // An estimate is never checked against the answers: it is shown beside them.
    ...(estimate.estimate ? { ok: null } : {}),
    nodes: o.nodes,
    ms: o.ms,
    pv,
    table: {
      probes: num(t.probes),
      hits: num(t.hits),
      cutoffs: num(t.cutoffs),
      stores: num(t.stores),
      overwrites: num(t.overwrites),
      dropped: num(t.dropped ?? 0),
      region: num(t.region ?? 0),
    },
    engine: o.engine === 'wasm' ? 'wasm' : 'ts',
    engineNodes: num(o.engineNodes),
    // What the search read back, passed on as written (it is a report, not an input: nothing here relies on it).
    ...(o.context !== null && typeof o.context === 'object' && !Array.isArray(o.context) ? { context: o.context as TreeValues } : {}),
    ...estimate,
  };
}
