/**
 * The settings, by concern: what a setting is (setting), the kinds of value
 * (kinds), the table (table), how they are named (names), the combinations
 * refused (combinations), the digest and the tasks' settings (digest), and
 * resolution (resolve). Every other module imports them from here.
 */
export * from './combinations.js';
export * from './digest.js';
export { offNames } from './kinds.js';
export * from './names.js';
export * from './resolve.js';
export * from './setting.js';
export * from './table.js';
