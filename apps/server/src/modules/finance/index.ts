/**
 * The finance module's public entry (issue #34, "Module borders"): what other modules may use. Its tables
 * and services are its own; the edges that still reach into them are listed in scripts/borders/baseline.json
 * and only shrink.
 */
export { linkedPair } from './fee-sheet.ts';
