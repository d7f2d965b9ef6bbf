/**
 * `revsolve web` stays up whatever it is sent: any page the user visits can
 * make the browser send a request to localhost, so a malformed one must get
 * a 4xx and leave the server serving. It once died on `GET /%zz` (an
 * uncaught URIError). Raw sockets, so that nothing between the test and the
 * server mends a request first.
 */

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from './helpers.js';
import { Proc } from './processes.js';

/** Sends raw bytes, returns what came back (the status line first) when the server closes or after `ms`. */
function raw(port: number, bytes: string | Buffer, ms = 3000): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    const done = () => {
      sock.destroy();
      resolve(got);
    };
    sock.setTimeout(ms, done);
    sock.on('error', done);
    sock.on('close', done);
    sock.on('data', (d) => {
      got += d.toString('latin1');
    });
    // Written, not ended: a half-closed socket loses a HEAD answer in node:http. An
    // incomplete request is ended after a while, as a client that gives up.
    sock.on('connect', () => {
      sock.write(bytes);
      setTimeout(() => sock.end(), 300).unref();
    });
  });
}

/** The server's port, once it listens. */
let port = 0;

/** A request as a browser on this machine sends it: its Host the server's own address and port (issue 83: no other is answered). */
const request = (line: string, headers: string[] = [], host = `127.0.0.1:${port}`) =>
  `${line}\r\nHost: ${host}\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

/** At least 200 hostile requests: paths, methods, request lines and headers. */
function hostile(): (string | Buffer)[] {
  const r = rng(35);
  const pick = <T>(a: readonly T[]): T => a[r() % a.length];
  const paths = [
    '/%zz',
    '/%E0%A4%A',
    '/%',
    '/%%',
    '/%0',
    '/%00',
    '/%c0%ae%c0%ae/etc/passwd',
    '/../../../../etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/package.json',
    '/.git/config',
    '/.',
    '/..',
    '//',
    '///etc/passwd',
    '/index.html%00.js',
    '/\\..\\..\\windows',
    '/main.js/..',
    '/%ff%fe',
    '/%ED%A0%80',
    '/?%zz',
    '/#frag',
    '/index.html?x=%zz',
    `/${'a'.repeat(5000)}`,
    `/${'%zz'.repeat(300)}`,
    '/con',
    '/nul',
    '/ ',
    '/\t',
    '/\u00e9',
    '/%F0%9F%98%80',
    '*',
    'http://evil.example/',
    'index.html',
    '',
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'CONNECT', 'GETT', 'get', 'G\u00c9T', 'PRI'];
  const headers = [
    'Range: bytes=99999999-',
    'Range: bytes=-0',
    'Range: bytes=a-b',
    'Range: bytes=0-1,0-1,0-1,0-1,0-1,0-1,0-1,0-1',
    'If-None-Match: *',
    'If-Modified-Since: not a date',
    'If-Range: "x"',
    'Content-Length: -1',
    'Content-Length: 99999999999999999999',
    'Transfer-Encoding: chunked',
    'Transfer-Encoding: gzip, chunked',
    'Accept-Encoding: \u00ff',
    `X-Long: ${'x'.repeat(20_000)}`,
    'Bad Header: x',
    ': empty name',
    'Expect: 100-continue',
    'Upgrade: websocket',
    'Host: ',
    'Cookie: %zz',
  ];
  const out: (string | Buffer)[] = [];
  for (const p of paths) out.push(request(`GET ${p} HTTP/1.1`));
  for (let i = 0; i < 120; i++) out.push(request(`${pick(methods)} ${pick(paths)} HTTP/1.1`, [pick(headers), pick(headers)]));
  // Request lines and bytes that are not HTTP at all.
  out.push(
    'GARBAGE\r\n\r\n',
    'GET /\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    'GET / HTTP/1.1\r\n',
    '\r\n\r\n\r\n',
    'GET / HTTP/1.1\nHost: x\n\n',
  );
  out.push(`GET /${'b'.repeat(100_000)} HTTP/1.1\r\n\r\n`, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n');
  for (let i = 0; i < 40; i++) out.push(Buffer.from(Array.from({ length: 1 + (r() % 300) }, () => r() & 255)));
  return out;
}

describe('revsolve web under hostile requests', () => {
  let server: Proc;
  beforeAll(async () => {
    server = new Proc(['web', '--port', '0']);
    port = Number((await server.waitFor(/serving the page at http:\/\/127\.0\.0\.1:(\d+)\//, 30_000))[1]);
  });
  afterAll(async () => {
    await server?.end();
  });

  it('answers each with a status below 500 and goes on serving the page', async () => {
    const requests = hostile();
    expect(requests.length).toBeGreaterThanOrEqual(200);
    const bad: string[] = [];
    for (const q of requests) {
      const answer = await raw(port, q);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
      if (status !== undefined && Number(status) >= 500) bad.push(`${status} for ${JSON.stringify(String(q).slice(0, 80))}`);
      if (!server.running) throw new Error(`the server died after ${JSON.stringify(String(q).slice(0, 80))}: ${server.err}`);
    }
    expect(bad).toEqual([]);
    expect(server.err).not.toMatch(/Error|at /);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  }, 120_000);

  it('a malformed path is a 400, a path outside the page a 403 or 404, never the file', async () => {
    for (const p of ['/%zz', '/%E0%A4%A']) expect(await raw(port, request(`GET ${p} HTTP/1.1`)), p).toMatch(/^HTTP\/1\.1 400 /);
    for (const p of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
      const a = await raw(port, request(`GET ${p} HTTP/1.1`));
      expect(a, p).toMatch(/^HTTP\/1\.1 40[34] /);
      expect(a).not.toContain('"name": "revsolve"');
    }
  });

  it('HEAD, ranges and revalidation as a static server gives them, with the isolation headers', async () => {
    const head = await raw(port, request('HEAD /main.js HTTP/1.1'));
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head.split('\r\n\r\n')[1] ?? '').toBe('');
    const part = await raw(port, request('GET /main.js HTTP/1.1', ['Range: bytes=0-9']));
    expect(part).toMatch(/^HTTP\/1\.1 206 /);
    expect(part).toMatch(/\r\nContent-Length: 10\r\n/i);
    const etag = /\r\nETag: (\S+)\r\n/i.exec(await raw(port, request('GET / HTTP/1.1')))?.[1];
    expect(etag).toBeDefined();
    const again = await raw(port, request('GET / HTTP/1.1', [`If-None-Match: ${etag}`]));
    expect(again).toMatch(/^HTTP\/1\.1 304 /);
    expect(again).toMatch(/Cross-Origin-Opener-Policy: same-origin/i);
    expect(await raw(port, request('POST / HTTP/1.1'))).toMatch(/^HTTP\/1\.1 405 /);
  });

  it('answers only a Host of its own (a DNS-rebinding page sends its own name): 421 otherwise', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LocalHost:${port}`])
      expect(await raw(port, request('GET / HTTP/1.1', [], host)), host).toMatch(/^HTTP\/1\.1 200 /);
    for (const host of ['evil.example.com', `evil.example.com:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', 'localhost']) {
      const answer = await raw(port, request('GET / HTTP/1.1', [], host));
      expect(answer, host).toMatch(/^HTTP\/1\.1 421 /);
      expect(answer).not.toContain('<html');
    }
    expect(await raw(port, 'GET / HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.[01] 421 /);
  });
});
