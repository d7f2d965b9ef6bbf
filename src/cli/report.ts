/**
 * How results are shown: an Edax-like table (one row per position, then a
 * total line) or JSON Lines.
 */
import { formatScore, jsonRecord, moveName, NO_MOVE, PASS, type PositionResult, type Summary } from '../internal.js';

export { formatScore };

/**
 * An integer with its thousands grouped by commas, as toLocaleString('en-US')
 * writes it, without loading the locale data (17 ms of CPU at a process's
 * first call: a tenth of a small solve's start).
 */
export function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** m:ss.mmm, or h:mm:ss.mmm past an hour. */
export function formatTime(ms: number): string {
  const total = Math.round(ms);
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = ((total % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function moveText(m: number): string {
  return m === NO_MOVE ? '--' : m === PASS ? 'ps' : moveName(m);
}

/** PV with the first side's moves in upper case and the other's in lower case, as Edax shows it. */
export function formatPv(pv: readonly number[]): string {
  return pv.map((m, i) => (i % 2 === 0 ? moveText(m).toUpperCase() : moveText(m))).join(' ');
}

const RULE = '-----+-------+-------+--------------+----------------+--------------+-----------------------';
const WLD_RULE = '-----+-------+------+-------+--------------+----------------+--------------+-----------------------';

const LEVEL_RULE = '-----+-------+---------+-------+--------------+----------------+--------------+-----------------------';

/**
 * The table's header; a WLD run's has the W/D/L column, its scores being
 * bounds; a level's run (solve --level) the depth column: depth@confidence
 * as Edax prints it, or the depth alone where the row is exact.
 */
export function tableHeader(wld = false, level = false): string {
  if (level)
    return ['   # | empty |   depth | score |         time |      nodes (N) |          N/s | principal variation', LEVEL_RULE].join('\n');
  return wld
    ? ['   # | empty |  wld | score |         time |      nodes (N) |          N/s | line (keeps the result)', WLD_RULE].join('\n')
    : ['   # | empty | score |         time |      nodes (N) |          N/s | principal variation', RULE].join('\n');
}

/** A level's row's depth: "12@73%" for an estimate (a move time's stop marked "*"), the empties alone when exact. */
export function depthText(r: PositionResult): string {
  const e = r.estimate;
  if (!e) return String(r.empties);
  return `${e.depth}${e.confidence < 100 ? `@${e.confidence}%` : ''}${e.stopped ? '*' : ''}`;
}

/** A WLD result's proven bound: >=+02 for a win, <=-02 for a loss, +00 for a draw. */
export function formatBound(r: PositionResult): string {
  return r.wld === 'win' ? `>=${formatScore(r.score)}` : r.wld === 'loss' ? `<=${formatScore(r.score)}` : formatScore(r.score);
}

/** What disagrees with the file: the score (a WLD result: its sign), or else the move. */
export function mismatch(r: PositionResult): string {
  const moveName = moveText(r.move).toUpperCase();
  if (r.wld) {
    const best = r.expected ?? 0;
    const expected = best > 0 ? 'win' : best < 0 ? 'loss' : 'draw';
    if (expected !== r.wld) return `expected ${expected} (${formatScore(best)})`;
    if (r.unlisted)
      return `move ${moveName} is not among the file's answers (${r.bestMoves.map((m) => moveText(m).toUpperCase()).join(' or ')} ${r.bestMoves.length === 1 ? 'is' : 'are'} given): they cannot check it`;
    return `move ${moveName} does not keep the ${r.wld} by the answers`;
  }
  if (r.score !== r.expected) return `expected ${formatScore(r.expected ?? 0)}`;
  return `move ${moveName}, expected ${r.bestMoves.map((m) => moveText(m).toUpperCase()).join(' or ')}`;
}

/** A position's row; in a level's run (`level`), with its depth, an estimate's score marked "~" and the file's answer beside it (never a mismatch). */
export function tableRow(r: PositionResult, level = false): string {
  const nps = r.ms > 0 ? Math.round((r.nodes * 1000) / r.ms) : 0;
  const score = r.wld
    ? `${r.wld.padStart(4)} | ${formatBound(r).padStart(5)}`
    : `${level ? `${depthText(r).padStart(7)} | ` : ''}${`${r.estimate ? '~' : ''}${formatScore(r.score)}`.padStart(5)}`;
  let row =
    `${String(r.index).padStart(4)} | ${String(r.empties).padStart(5)} | ${score} | ` +
    `${formatTime(r.ms).padStart(12)} | ${grouped(r.nodes).padStart(14)} | ` +
    `${grouped(nps).padStart(12)} | ${formatPv(r.pv)}`;
  if (r.ok === false) row += `   <- MISMATCH: ${mismatch(r)}`;
  else if (r.estimate && r.expected !== null)
    row += `   (file: ${formatScore(r.expected)}${r.bestMoves.length ? ` ${r.bestMoves.map((m) => moveText(m).toUpperCase()).join(' or ')}` : ''})`;
  return row;
}

export function tableStatsRow(r: PositionResult): string {
  const t = r.table;
  const pct = (a: number, b: number) => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : '-');
  return (
    `       table: ${grouped(t.probes)} probes, ${grouped(t.hits)} hits (${pct(t.hits, t.probes)}), ` +
    `${grouped(t.cutoffs)} cutoffs, ${grouped(t.stores)} stores, ${grouped(t.overwrites)} overwrites, ${grouped(t.dropped ?? 0)} dropped, ${grouped(t.region ?? 0)} in the small-node region`
  );
}

/** The total line; `givenUp` positions whose worker died twice are counted apart from the bad lines of the input. */
export function tableTotal(s: Summary, wld = false, givenUp = 0, level = false): string {
  return [
    level ? LEVEL_RULE : wld ? WLD_RULE : RULE,
    `${s.positions} position${s.positions === 1 ? '' : 's'}: ${grouped(s.nodes)} nodes in ${formatTime(s.ms)}` +
      `${Math.abs(s.cpuMs - s.ms) > 0.05 * s.ms ? ` (${formatTime(s.cpuMs)} of solving)` : ''} ` +
      `(${grouped(s.nps)} N/s); ${s.mismatches} mismatch${s.mismatches === 1 ? '' : 'es'}` +
      `${s.estimates ? ` (${s.estimates} estimate${s.estimates === 1 ? '' : 's'} not checked)` : ''}, ` +
      `${s.errors} bad line${s.errors === 1 ? '' : 's'}` +
      `${givenUp > 0 ? `, ${givenUp} position${givenUp === 1 ? '' : 's'} given up` : ''}`,
  ].join('\n');
}

export function jsonRow(r: PositionResult, level = false): string {
  return JSON.stringify(jsonRecord(r, level));
}

/** The row of a position given up after its worker died twice. */
export function failedRow(index: number, json: boolean): string {
  return json ? JSON.stringify({ index, error: 'worker died twice' }) : `${String(index).padStart(4)} | failed: its worker died twice`;
}

/**
 * The --json summary. `cpuMs` there is what it always was, the positions'
 * own times added up (not CPU time: a name kept for results files already
 * read by scripts), said again as `positionsMs`; `process` is this
 * process's resource use (all its threads): user and system CPU time, page
 * faults, peak memory, for experiments that time CPU without /usr/bin/time.
 */
export function jsonSummary(s: Summary, extra: Record<string, unknown> = {}): string {
  const u = process.resourceUsage();
  return JSON.stringify({
    summary: true,
    ...s,
    positionsMs: s.cpuMs,
    process: {
      userMs: Math.round(u.userCPUTime / 1000),
      systemMs: Math.round(u.systemCPUTime / 1000),
      minorFaults: u.minorPageFault,
      majorFaults: u.majorPageFault,
      peakKiB: u.maxRSS,
    },
    ...extra,
  });
}
