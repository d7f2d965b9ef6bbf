/**
 * The page's game database, in a Web Worker of its own: the files opened
 * are read (the one reader, file by file, each WTHOR year with the
 * WTHOR.JOU and .TRN opened with it) and indexed with progress; a
 * collection of more than one game is kept in IndexedDB with its files, so
 * a reload finds it again; searches run here, on the index's keys. Messages
 * in and out: database.ts.
 */

import { indexNextMoves } from '../src/game/database.js';
import { type GameIndex, gameOf, IndexBuilder, searchIndex } from '../src/game/game-index.js';
import { type FromDatabase, reviveIndex, revivePosition, type Stored, type ToDatabase, withoutKeys } from './database.js';
import { gamesOfFiles, type OpenedFile } from './files.js';

const post = (m: FromDatabase, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

let current: GameIndex | null = null;

function store(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open('revsolve', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('database');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

async function request<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await store();
  return new Promise((resolve, reject) => {
    const r = f(db.transaction('database', mode).objectStore('database'));
    r.onsuccess = () => resolve(r.result as T);
    r.onerror = () => reject(r.error);
  }).finally(() => db.close()) as Promise<T>;
}

const isNames = (f: OpenedFile) => /\.(jou|trn)$/i.test(f.name);

async function open(files: readonly OpenedFile[]): Promise<void> {
  const names = files.filter(isNames);
  const games = files.filter((f) => !isNames(f));
  const builder = new IndexBuilder();
  const problems: string[] = [];
  const started = performance.now();
  for (const [i, f] of games.entries()) {
    const read = gamesOfFiles([f, ...names]);
    for (const g of read.games) builder.add(g.read);
    problems.push(...read.problems);
    post({ type: 'progress', file: f.name, files: i + 1, of: games.length, games: builder.count });
  }
  if (games.length === 0) problems.push(...gamesOfFiles(names).problems);
  const index = builder.index();
  const ms = performance.now() - started;
  if (index.count <= 1) {
    // One game (or none): loaded on the board, the database kept as it was.
    post({ type: 'read', game: index.count === 1 ? gameOf(index, 0) : null, problems, names: names.map((f) => f.name) });
    return;
  }
  current = index;
  const stored: Stored = { files: [...files], index, problems, when: Date.now() };
  let kept = true;
  try {
    await request('readwrite', (s) => s.put(stored, 'current'));
  } catch {
    kept = false;
  }
  post({ type: 'ready', index: withoutKeys(index), problems, files: files.map((f) => f.name), restored: false, kept, ms });
}

async function restore(): Promise<void> {
  let stored: Stored | undefined;
  try {
    stored = await request<Stored | undefined>('readonly', (s) => s.get('current'));
  } catch {
    stored = undefined;
  }
  if (!stored) {
    post({ type: 'empty' });
    return;
  }
  current = reviveIndex(stored.index);
  post({
    type: 'ready',
    index: withoutKeys(current),
    problems: stored.problems,
    files: stored.files.map((f) => f.name),
    restored: true,
    kept: true,
    ms: 0,
  });
}

self.onmessage = (e: MessageEvent<ToDatabase>) => {
  const m = e.data;
  const failed = (err: unknown) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  if (m.type === 'open') open(m.files).catch(failed);
  else if (m.type === 'restore') restore().catch(failed);
  else if (m.type === 'forget') {
    current = null;
    request('readwrite', (s) => s.delete('current')).then(() => post({ type: 'empty' }), failed);
  } else if (m.type === 'search') {
    if (!current) return;
    const query = { ...m.query, ...(m.query.position ? { position: revivePosition(m.query.position) } : {}) };
    const found = searchIndex(current, query);
    const next = query.position ? indexNextMoves(current, found, query.position.toMove) : [];
    post({ type: 'found', id: m.id, found, next }, [found.games.buffer]);
  }
};
