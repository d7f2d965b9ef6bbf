/**
 * The checks of what a caller hands the library's functions: a wrong kind
 * of value is an OptionError naming the argument and saying what it takes,
 * never an inner TypeError from deep inside ("client.scan is not a
 * function").
 */
import { describe, OptionError } from './errors.js';

/** A text argument (a path, an address, a name): refused when it is not a string, or is empty. */
export function textArgument(v: unknown, name: string, what: string): string {
  if (typeof v !== 'string' || v === '') throw new OptionError(name, `${what}, not ${describe(v)}`);
  return v;
}

/** An argument that must be a plain object (options, settings). */
export function objectArgument<T extends object>(v: unknown, name: string, what: string): T {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new OptionError(name, `${what}, not ${describe(v)}`);
  return v as T;
}

/** An argument that must be an array (each element is the callee's to check). */
export function arrayArgument<T>(v: unknown, name: string, what: string): readonly T[] {
  if (!Array.isArray(v)) throw new OptionError(name, `${what}, not ${describe(v)}`);
  return v as readonly T[];
}

/** An argument that must be an object with these methods (a Redis client, an index). */
export function hasMethods<T>(v: unknown, name: string, what: string, methods: readonly string[]): T {
  const o = v as Record<string, unknown> | null;
  if (o === null || typeof o !== 'object' || methods.some((m) => typeof o[m] !== 'function'))
    throw new OptionError(name, `${what}, not ${describe(v)}`);
  return v as T;
}

/** Numbers in an array or typed array (errors, counts). */
export function numbersArgument(v: unknown, name: string): ArrayLike<number> {
  const ok = Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
  if (!ok) throw new OptionError(name, `numbers (an array or a typed array), not ${describe(v)}`);
  return v as ArrayLike<number>;
}
