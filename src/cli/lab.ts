/**
 * `revsolve search`: the search lab on the command line (lab/lab.ts). One
 * row per position (score, best move, leaves, interior nodes, time), a total
 * line, or JSON Lines.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  bestAnswers,
  emptyCount,
  LAB_ALGORITHMS,
  type LabAlgorithm,
  LabSearch,
  loadEvaluator,
  MAX_KILLERS,
  MAX_LAB_DEPTH,
  moveName,
  type ObfEntry,
  type ObfError,
  parseObfLine,
  readObf,
  SHIPPED_WEIGHTS,
} from '../internal.js';
import { needed } from './options.js';
import { formatScore, grouped } from './report.js';

interface SearchOpts {
  position?: string;
  depth: number;
  algo: LabAlgorithm;
  guess: number;
  deepen: 0 | 1 | 2;
  aspiration: number;
  killers: number;
  history?: boolean;
  labTable?: boolean;
  tableBits: number;
  leafEval: string;
  /** The old names (until the next release), each said once as it is read. */
  table?: boolean;
  eval?: string;
  json?: boolean;
}

function wholeIn(lo: number, hi: number, what: string): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!/^-?\d+$/.test(v.trim()) || n < lo || n > hi)
      throw new InvalidArgumentError(`a whole number of ${what} from ${lo} to ${hi}, not ${JSON.stringify(v)}`);
    return n;
  };
}

function parseAlgo(v: string): LabAlgorithm {
  if (!(LAB_ALGORITHMS as readonly string[]).includes(v)) throw new InvalidArgumentError(`one of ${LAB_ALGORITHMS.join(', ')}`);
  return v as LabAlgorithm;
}

const moveText = (m: number) => (m === -2 ? '--' : moveName(m));

export function addLabCommand(program: Command, out: (s: string) => void, err: (s: string) => void): void {
  program
    .command('search')
    .alias('lab')
    .description(
      'the search lab: a fixed-depth midgame search of each position (not the exact solver), its algorithm and move ordering chosen piece by piece; counts leaves and interior nodes',
    )
    .argument('[file]', 'OBF file')
    .helpOption('--help', 'show help')
    .option('--position <text>', 'search one position: "<64 squares> <X|O>"')
    .option('-d, --depth <plies>', `plies to search (a pass is one), 1..${MAX_LAB_DEPTH}`, wholeIn(1, MAX_LAB_DEPTH, 'plies'))
    .option(
      '--algo <name>',
      `alphabeta (fail-soft negamax), negascout, or mtdf (null windows from a guess; always with the table)`,
      parseAlgo,
      'alphabeta' as LabAlgorithm,
    )
    .option('--guess <discs>', 'first guess of mtdf, and the centre of the first aspiration window', wholeIn(-64, 64, 'discs'), 0)
    .option(
      '--deepen <plies>',
      "iterative deepening: 0 none, 1 by one ply, 2 by two plies (each iteration's table and killers seed the next; its score is the next guess)",
      wholeIn(0, 2, 'deepen'),
      0,
    )
    .option(
      '--aspiration <discs>',
      "root window of ± this many discs around the previous iteration's score (or the guess), widened on failure; 0 off",
      wholeIn(0, 128, 'aspiration'),
      0,
    )
    .option(
      '--killers <k>',
      `killer moves kept per ply (0 off, up to ${MAX_KILLERS}), reset for each position`,
      wholeIn(0, MAX_KILLERS, 'killers'),
      0,
    )
    .option('--history', 'history heuristic (per square, depth² per cut), reset for each position')
    .option('--lab-table', 'transposition table (its bounds cut only at exactly their depth; its move goes first)')
    .option(
      '--table-bits <b>',
      "the lab table's 2^b entries (its own table: a fixed-depth search's, 4 to 28; not solve's -h)",
      wholeIn(4, 28, 'table bits'),
      20,
    )
    .addOption(
      // -h is the exact solver's table everywhere else (10 to 30): the lab's table, another kind, has a name of its own.
      new Option('-h, --hash-bits <h>').hideHelp().argParser(() => {
        throw new InvalidArgumentError(
          "-h is the exact solver's table (solve, analyze, train gen); the lab's own table is --table-bits (4 to 28)",
        );
      }),
    )
    .option(
      '--leaf-eval <what>',
      'leaf evaluation: discs (disc difference), weights (the shipped evaluation, rounded to discs), or a weights file',
      'discs',
    )
    // The lab's flags once shared names with solve's (--eval a weights file, --table a layout): kept for one release.
    .addOption(new Option('--table').hideHelp())
    .addOption(new Option('--eval <what>').hideHelp())
    .option('--json', 'print JSON Lines: one object per position, then a summary')
    .action((file: string | undefined, opts: SearchOpts) => {
      needed(opts.depth as number | undefined, '-d, --depth <plies>');
      process.exitCode = runSearch(file, withNewNames(opts, err), out, err);
    });
}

/** The old flags' values under the new names, each old flag said once (a warning: it goes in the next release). */
function withNewNames(opts: SearchOpts, err: (s: string) => void): SearchOpts {
  const o = { ...opts };
  if (opts.table !== undefined) {
    err('warning: search --table is now --lab-table (--table goes in the next release)');
    o.labTable = opts.table;
  }
  if (opts.eval !== undefined) {
    err('warning: search --eval is now --leaf-eval (--eval goes in the next release)');
    o.leafEval = opts.eval;
  }
  return o;
}

function runSearch(file: string | undefined, opts: SearchOpts, out: (s: string) => void, err: (s: string) => void): number {
  if ((file === undefined) === (opts.position === undefined))
    throw new RangeError('give either an OBF file or --position "<64 squares> <X|O>"');
  let entries: readonly ObfEntry[];
  let errors: readonly ObfError[] = [];
  if (file !== undefined) ({ entries, errors } = readObf(file));
  else entries = [{ line: 0, ...parseObfLine(opts.position!) }];
  for (const e of errors) err(`error: ${e.message}`);

  const evalFile = opts.leafEval === 'discs' ? null : opts.leafEval === 'weights' ? SHIPPED_WEIGHTS : opts.leafEval;
  const search = new LabSearch({
    algorithm: opts.algo,
    deepen: opts.deepen,
    aspiration: opts.aspiration,
    killers: opts.killers,
    history: !!opts.history,
    tableBits: opts.labTable || opts.algo === 'mtdf' ? opts.tableBits : 0,
    guess: opts.guess,
    evaluator: loadEvaluator(evalFile),
  });
  const s = search.settings;
  const label =
    `${s.algorithm}${s.deepen ? `, deepening by ${s.deepen}` : ''}${s.aspiration ? `, aspiration ±${s.aspiration}` : ''}` +
    `${s.algorithm === 'mtdf' || s.aspiration ? `, guess ${s.guess}` : ''}; ordering: ${[s.tableBits ? `table 2^${s.tableBits}` : '', s.killers ? `${s.killers} killers` : '', s.history ? 'history' : ''].filter(Boolean).join(' + ') || 'none (square order)'}` +
    `; eval ${opts.leafEval}`;
  if (!opts.json) {
    out(
      `revsolve search: ${file ?? '--position'}, ${entries.length} position${entries.length === 1 ? '' : 's'}, depth ${opts.depth}; ${label}`,
    );
    out('   # | empty | score | move |       leaves |     interior |     time');
    out('-----+-------+-------+------+--------------+--------------+---------');
  }
  let leaves = 0;
  let interior = 0;
  let ms = 0;
  for (const [i, e] of entries.entries()) {
    const p = e.position;
    const r = search.search(p.player.hi, p.player.lo, p.opponent.hi, p.opponent.lo, opts.depth);
    leaves += r.leaves;
    interior += r.interior;
    ms += r.ms;
    if (opts.json) {
      out(
        JSON.stringify({
          index: i + 1,
          line: e.line,
          empties: emptyCount(p),
          depth: r.depth,
          score: r.score,
          move: moveText(r.move),
          leaves: r.leaves,
          interior: r.interior,
          ms: Math.round(r.ms * 1000) / 1000,
          // The file's exact score where it gives one: the score to the end, that a search to the end must find.
          ...(e.answers.length > 0 ? { expected: bestAnswers(e.answers)?.score ?? null } : {}),
        }),
      );
    } else {
      out(
        `${String(i + 1).padStart(4)} | ${String(emptyCount(p)).padStart(5)} | ${formatScore(r.score).padStart(5)} | ${moveText(r.move).padStart(4)} | ${grouped(r.leaves).padStart(12)} | ${grouped(r.interior).padStart(12)} | ${(r.ms / 1000).toFixed(3).padStart(7)} s`,
      );
    }
  }
  const settings = {
    algo: s.algorithm,
    deepen: s.deepen,
    aspiration: s.aspiration,
    killers: s.killers,
    history: s.history,
    table: s.tableBits,
    guess: s.guess,
    eval: opts.leafEval,
  };
  if (opts.json)
    out(
      JSON.stringify({
        summary: true,
        positions: entries.length,
        depth: opts.depth,
        leaves,
        interior,
        ms: Math.round(ms * 1000) / 1000,
        errors: errors.length,
        ...settings,
      }),
    );
  else {
    out('-----+-------+-------+------+--------------+--------------+---------');
    out(
      `${entries.length} position${entries.length === 1 ? '' : 's'}: ${grouped(leaves)} leaves, ${grouped(interior)} interior nodes in ${(ms / 1000).toFixed(3)} s; ${errors.length} bad line${errors.length === 1 ? '' : 's'}`,
    );
  }
  return errors.length > 0 ? 2 : 0;
}
