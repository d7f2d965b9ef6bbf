/**
 * `revsolve web`: serves the page (dist/web/, built by npm run build) on
 * localhost, nothing from elsewhere, so that it works offline. The files
 * are served by serve-static (malformed and hostile paths, HEAD, ranges,
 * conditional requests); every response carries the cross-origin-isolation
 * headers (COOP/COEP) that shared memory between the page's workers needs.
 * Without them the page still runs, one table per worker.
 */

import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { UsageError } from './options.js';
import type { StopSignals } from './signals.js';

/** The page's files, beside the compiled command line. */
export const WEB_ROOT = fileURLToPath(new URL('../web', import.meta.url));

/** Types the page's files need beyond the usual (compileStreaming needs application/wasm). */
const TYPES: Record<string, string> = {
  '.wasm': 'application/wasm',
  '.rsev': 'application/octet-stream',
};

export interface WebServerOptions {
  readonly port: number;
  readonly host?: string;
  /** false: no COOP/COEP, as a static host that cannot set headers (the tests' other case). */
  readonly isolate?: boolean;
}

/** Starts serving the page; resolves to its address once listening. */
export async function serveWeb(o: WebServerOptions): Promise<{ url: string; server: Server }> {
  const { default: serveStatic } = await import('serve-static'); // loaded when used: every other command starts without it
  const host = o.host ?? '127.0.0.1';
  const isolation = (res: ServerResponse) => {
    if (o.isolate === false) return;
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
  };
  const files = serveStatic(WEB_ROOT, {
    index: ['index.html'],
    dotfiles: 'ignore',
    redirect: false,
    fallthrough: false, // its errors carry their status: 400 malformed, 403 outside, 404 missing
    cacheControl: true,
    maxAge: 0, // revalidated (ETag, Last-Modified) on every load: a rebuilt page is seen at once
    setHeaders: (res, path) => {
      const type = TYPES[path.slice(path.lastIndexOf('.'))];
      if (type) res.setHeader('Content-Type', type);
    },
  });
  const fail = (res: ServerResponse, status: number, text: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  let hosts: ReadonlySet<string> = new Set();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    isolation(res);
    // A page elsewhere that rebinds its own name to 127.0.0.1 sends its own Host: it is told nothing.
    if (!hosts.has((req.headers.host ?? '').toLowerCase()))
      return fail(res, 421, 'this server answers only for its own address (127.0.0.1, localhost or [::1], with its port)\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return fail(res, 405, 'GET or HEAD only\n');
    }
    files(req, res, (err?: unknown) => {
      // Whatever the files do not answer: its status (a 4xx), never an exception.
      const status = (err as { status?: number } | undefined)?.status;
      const code = typeof status === 'number' && status >= 400 && status < 500 ? status : err ? 500 : 404;
      fail(res, code, code === 404 ? 'not found\n' : code === 403 ? 'forbidden\n' : code >= 500 ? 'server error\n' : 'bad request\n');
    });
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      fail(res, 400, 'bad request\n');
    }
  });
  // A connection that sends garbage is answered 400 and closed by node:http; never the process.
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => {
      server.off('error', reject);
      const a = server.address();
      const port = typeof a === 'object' && a ? a.port : o.port;
      hosts = ownHosts(host, port);
      resolve({ url: `http://${host}:${port}/`, server });
    });
  });
}

/** The Host values a request to this server may carry: its own address and the loopback names, each with the port. */
export function ownHosts(host: string, port: number): ReadonlySet<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host]);
  // On port 80 a browser sends the name alone.
  return new Set([...names].flatMap((n) => [`${n.toLowerCase()}:${port}`, ...(port === 80 ? [n.toLowerCase()] : [])]));
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
    .description("serve the solver as a web page on localhost (its search runs in the browser's workers)")
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
        throw new UsageError(
          `--port ${port}: ${(e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'in use (try --port 0 for any free one)' : (e as Error).message}`,
        );
      }
      process.stdout.write(
        `revsolve web: serving the page at ${served.url}${opts.isolation ? '' : ' without cross-origin isolation'} (Ctrl-C stops)\n`,
      );
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
