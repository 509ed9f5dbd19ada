/**
 * The 12 risk types and their rules (spec §1, §3, §4, §5; DOMAIN.md "Risk types and their rules") live in
 * the registry, one module per type in `risk-types/` (decision 021). This file keeps the old import path.
 */
export * from './risk-types/index.ts';
