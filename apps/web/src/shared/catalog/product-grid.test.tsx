import { RISK_TYPE_CODES } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_COUNT } from './product-grid.tsx';

describe('ProductGrid', () => {
  it('stands a placeholder for every risk type the app knows while the catalogue loads', () => {
    expect(PLACEHOLDER_COUNT).toBe(RISK_TYPE_CODES.length);
  });
});
