import { describe, expect, it } from 'vitest';
import { checkAttachmentFile } from './attachment-check.ts';

describe('a claim file, checked before uploading', () => {
  it('takes photos and PDFs up to 5 MB', () => {
    expect(checkAttachmentFile({ type: 'image/jpeg', size: 1_000 }, 0)).toBeNull();
    expect(checkAttachmentFile({ type: 'application/pdf', size: 5 * 1024 * 1024 }, 9)).toBeNull();
  });
  it('refuses other types, empty and larger files, and an eleventh file', () => {
    expect(checkAttachmentFile({ type: 'application/x-msdownload', size: 1_000 }, 0)).toBe('type');
    expect(checkAttachmentFile({ type: 'image/gif', size: 1_000 }, 0)).toBe('type');
    expect(checkAttachmentFile({ type: 'image/png', size: 0 }, 0)).toBe('empty');
    expect(checkAttachmentFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 }, 0)).toBe('size');
    expect(checkAttachmentFile({ type: 'image/png', size: 10 }, 10)).toBe('count');
  });
});
