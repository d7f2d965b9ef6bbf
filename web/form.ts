/**
 * The page's form fields of settings, by the settings table's keys: each
 * field's default, minimum and maximum are the table's, within the page's
 * engine's own limits (the WebAssembly memory's table, the split's
 * workers). No default is written in index.html.
 */
import { defaultOf, PLAIN_HOST, type SettingKey, setting } from '../src/settings/index.js';
import { MAX_SPLIT_WORKERS, WASM_MAX_BITS } from '../src/wasm/layout.js';
import { $ } from './dom.js';

/** The form's fields, by setting. */
export const FORM_FIELDS = {
  hashBits: 'bits',
  workers: 'workers',
  engine: 'engine',
  from: 'analyse-from',
} as const satisfies { readonly [K in SettingKey]?: string };

type FormKey = keyof typeof FORM_FIELDS;

/** The page's own upper limits, below the table's. */
export const PAGE_MAX: { readonly [K in FormKey]?: number } = { hashBits: WASM_MAX_BITS, workers: MAX_SPLIT_WORKERS };

/** The browser as a host: its cores (the workers' default). */
const pageHost = () => ({ ...PLAIN_HOST, cores: navigator.hardwareConcurrency || 1 });

/** Sets each field's limits and default from the table. */
export function fillForm(): void {
  for (const [key, id] of Object.entries(FORM_FIELDS) as [FormKey, string][]) {
    const field = $(id) as HTMLInputElement | HTMLSelectElement;
    const range = setting(key).range;
    const max = Math.min(range?.[1] ?? Number.POSITIVE_INFINITY, PAGE_MAX[key] ?? Number.POSITIVE_INFINITY);
    if (field instanceof HTMLInputElement && range) {
      field.min = String(range[0]);
      field.max = String(max);
    }
    const value = defaultOf(key, pageHost());
    field.value = String(typeof value === 'number' ? Math.min(value, max) : value);
  }
}
