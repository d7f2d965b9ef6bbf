/**
 * `revsolve web`: serves the page (dist/web/, built by npm run build) on
 * localhost with node:http, no framework and nothing from elsewhere, so
 * that it works offline. Every response carries the cross-origin-isolation
 * headers (COOP/COEP) that shared memory between the page's workers needs;
 * without them the page still runs, one table per worker.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { UsageError } from './options.js';
import type { StopSignals } from './signals.js';

/** The page's files, beside the compiled command line. */
export const WEB_ROOT = fileURLToPath(new URL('../web', import.meta.url));

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm', // compileStreaming needs it
  '.rsev': 'application/octet-stream',
  '.map': 'application/json',
  '.png': 'image/png',
};

export interface WebServerOptions {
  readonly port: number;
  readonly host?: string;
  /** false: no COOP/COEP, as a static host that cannot set headers (the tests' other case). */
  readonly isolate?: boolean;
}

/** Starts serving the page; resolves to its address once listening. */
export function serveWeb(o: WebServerOptions): Promise<{ url: string; server: Server }> {
  const host = o.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
    if (o.isolate !== false) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(WEB_ROOT, normalize(path === '/' ? '/index.html' : path));
    const fail = (status: number, text: string) => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(405, 'GET only');
    if (!file.startsWith(WEB_ROOT + sep)) return fail(403, 'outside the page');
    readFile(file).then(
      (body) => {
        res.writeHead(200, { ...headers, 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => fail(404, `${path}: not found`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => {
      server.off('error', reject);
      const a = server.address();
      const port = typeof a === 'object' && a ? a.port : o.port;
      resolve({ url: `http://${host}:${port}/`, server });
    });
  });
}

/** Opens the address in the desktop's browser (xdg-open, open, start), quietly if there is none. */
function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`revsolve web: no browser to open (${cmd}); open ${url}\n`));
  child.unref();
}

export function addWebCommand(program: Command, stop: StopSignals): void {
  program
    .command('web')
    .description('serve the solver as a web page on localhost (its search runs in the browser\'s workers)')
    .option('--port <n>', 'port (0: any free one)', '8080')
    .option('--open', 'open the page in the browser')
    .option('--no-isolation', 'without the COOP/COEP headers, as a static host serves it (the page then runs one table per worker)')
    .helpOption('--help', 'show help')
    .action(async (opts: { port: string; open?: boolean; isolation: boolean }) => {
      const port = Number(opts.port);
      if (!/^\d+$/.test(opts.port) || port > 65535) throw new UsageError(`--port must be a port number, 0 to 65535: ${opts.port}`);
      let served: { url: string; server: Server };
      try {
        await readFile(join(WEB_ROOT, 'index.html'));
      } catch {
        throw new UsageError(`${WEB_ROOT}: the page is not built (npm run build makes it)`);
      }
      try {
        served = await serveWeb({ port, isolate: opts.isolation });
      } catch (e) {
        throw new UsageError(`--port ${port}: ${(e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'in use (try --port 0 for any free one)' : (e as Error).message}`);
      }
      process.stdout.write(`revsolve web: serving the page at ${served.url}${opts.isolation ? '' : ' without cross-origin isolation'} (Ctrl-C stops)\n`);
      if (opts.open) openBrowser(served.url);
      await new Promise<void>((resolve) => {
        if (stop.signal.aborted) resolve();
        stop.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      served.server.closeAllConnections();
      await new Promise((r) => served.server.close(r));
      process.stderr.write(`revsolve web: stopped by ${stop.received}\n`);
      process.exitCode = stop.exitCode;
    });
}
