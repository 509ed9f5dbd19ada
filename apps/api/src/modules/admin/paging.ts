/** Moved to lib/search-pattern.ts: import it from there (this re-export goes once no module uses it). */
export { searchPattern } from '../../lib/search-pattern.ts';
