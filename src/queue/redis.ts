/**
 * The Redis server behind the queue: its address (redis://HOST:PORT[/DB]),
 * the connection settings BullMQ and this program's own clients use, and
 * the bounded wait: Redis unreachable at the start, or lost mid-run, for
 * longer than the timeout is one error naming the address, not an endless
 * reconnect.
 */
import type { RedisOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { objectArgument } from '../arguments.js';
import { OptionError } from '../errors.js';
import { describe } from '../position/position.js';

export interface RedisAddress {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  /** As given, for messages. */
  readonly url: string;
}

/** A --queue address that is not redis://HOST:PORT[/DB]. */
export class RedisAddressError extends RangeError {
  override name = 'RedisAddressError';
}

/** Redis did not answer within the timeout, at the start or mid-run. */
export class RedisUnreachable extends Error {
  override name = 'RedisUnreachable';
  constructor(
    readonly address: RedisAddress,
    readonly when: 'start' | 'mid-run',
    seconds: number,
    cause: string,
  ) {
    super(
      when === 'start'
        ? `${address.url}: Redis unreachable for ${seconds} s (${cause})`
        : `${address.url}: Redis lost mid-run and not back within ${seconds} s (${cause})`,
    );
  }
}

/** A Redis address; `label` names where it was given in messages (--queue, or a command's argument). */
export function parseRedisUrl(text: string, label = '--queue'): RedisAddress {
  if (typeof label !== 'string')
    throw new OptionError('label', `the name of where the address was given, for messages, not ${describe(label)}`);
  if (typeof text !== 'string') throw new RedisAddressError(`${label}: not an address: ${describe(text)} (expected redis://HOST:PORT)`);
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new RedisAddressError(`${label}: not an address: ${text} (expected redis://HOST:PORT)`);
  }
  if (u.protocol !== 'redis:') throw new RedisAddressError(`${label}: ${text}: only redis://HOST:PORT[/DB] addresses`);
  if (u.hostname === '') throw new RedisAddressError(`${label}: ${text}: no host`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const dbText = u.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0 || db > 15 || !/^\d*$/.test(dbText))
    throw new RedisAddressError(`${label}: ${text}: the database must be 0..15`);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port, db, url: `redis://${u.host}${db ? `/${db}` : ''}` };
}

/**
 * Connection settings: reconnect every 250 ms for ever and keep commands
 * waiting meanwhile (what BullMQ requires: maxRetriesPerRequest null); the
 * bound on the wait is the watchdog's, below.
 */
export function connectionOptions(a: RedisAddress): RedisOptions {
  return {
    host: a.host,
    port: a.port,
    db: a.db,
    maxRetriesPerRequest: null,
    retryStrategy: () => 250,
    connectTimeout: 5000,
    lazyConnect: false,
  };
}

/**
 * A client of our own (run records, cancellations), ready within
 * `timeoutMs` or RedisUnreachable; an abort of `signal` ends the wait at
 * once with the signal's reason.
 */
export async function openRedis(a: RedisAddress, timeoutMs: number, signal?: AbortSignal): Promise<Redis> {
  objectArgument(a, 'address', 'a Redis address (parseRedisUrl)');
  signal?.throwIfAborted();
  const { Redis } = await import('ioredis'); // loaded when used: a local run does without it
  const client = new Redis(connectionOptions(a));
  let last = 'no answer';
  client.on('error', (e: Error) => (last = e.message));
  try {
    await new Promise<void>((resolve, reject) => {
      if (client.status === 'ready') return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
      };
      const aborted = () => {
        done();
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        done();
        reject(new RedisUnreachable(a, 'start', timeoutMs / 1000, last));
      }, timeoutMs);
      signal?.addEventListener('abort', aborted, { once: true });
      client.once('ready', () => {
        done();
        resolve();
      });
    });
  } catch (e) {
    client.disconnect();
    throw e;
  }
  return client;
}

/**
 * Watches a client: when it has not been ready for `timeoutMs`, calls
 * `lost` once with RedisUnreachable. (BullMQ's own connections reconnect by
 * themselves; this one client stands for the server.)
 */
export class Watchdog {
  private downSince = 0;
  private timer: NodeJS.Timeout | undefined;
  private last = 'connection closed';
  private fired = false;

  /** `said`, if given, hears once when Redis is lost and once when it is back (a line each for a log). */
  constructor(
    private readonly client: Redis,
    private readonly address: RedisAddress,
    private readonly timeoutMs: number,
    private readonly lost: (e: RedisUnreachable) => void,
    private readonly said?: (line: string) => void,
  ) {
    client.on('error', this.onError);
    client.on('close', this.onDown);
    client.on('ready', this.onUp);
    this.timer = setInterval(this.check, Math.min(500, timeoutMs / 4));
    this.timer.unref();
  }

  private readonly onError = (e: Error) => (this.last = e.message);
  private readonly onDown = () => {
    if (this.downSince !== 0) return;
    this.downSince = Date.now();
    this.said?.(`Redis at ${this.address.url} lost; waiting for it up to ${this.timeoutMs / 1000} s`);
  };
  private readonly onUp = () => {
    if (this.downSince !== 0) this.said?.(`Redis at ${this.address.url} back after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s`);
    this.downSince = 0;
  };
  private readonly check = () => {
    if (this.fired || this.downSince === 0 || Date.now() - this.downSince < this.timeoutMs) return;
    this.fired = true;
    this.lost(new RedisUnreachable(this.address, 'mid-run', this.timeoutMs / 1000, this.last));
  };

  /** Redis is down right now (since when, ms; 0 when up). */
  get down(): number {
    return this.downSince;
  }

  stop(): void {
    clearInterval(this.timer);
    this.client.off('error', this.onError);
    this.client.off('close', this.onDown);
    this.client.off('ready', this.onUp);
  }
}

/** Resolves within `ms` whatever `p` does (closing connections to a server that is gone must not hang the exit). */
export async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
