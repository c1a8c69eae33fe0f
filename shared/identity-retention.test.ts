import { describe, expect, it } from 'vitest';
import { IDENTITY_RETENTION_DAYS, identityDeletionBy, identityDeletionDue, identityDeletionText } from './identity-retention.ts';

describe('identity retention', () => {
  const decidedAt = new Date('2026-11-26T15:00:00Z'); // 12:00 in Buenos Aires

  it('is 7 days after the decision; the advertiser is told the day the hourly purge has done it by', () => {
    expect(IDENTITY_RETENTION_DAYS).toBe(7);
    expect(identityDeletionDue(decidedAt)).toEqual(new Date('2026-12-03T15:00:00Z'));
    expect(identityDeletionBy(decidedAt.toISOString())).toEqual(new Date('2026-12-03T16:00:00Z'));
  });

  it('says when the documents and the selfie will go, and when they went', () => {
    expect(identityDeletionText('documents', { decidedAt, deletedAt: null })).toBe('Tus documentos se borrarán el 3 de diciembre de 2026.');
    expect(identityDeletionText('documents', { decidedAt, deletedAt: '2026-12-03T15:30:00Z' })).toBe(
      'Tus documentos se borraron el 3 de diciembre de 2026.',
    );
    expect(identityDeletionText('selfie', { decidedAt, deletedAt: null })).toBe(
      'Tu selfie de verificación se borrará el 3 de diciembre de 2026.',
    );
    expect(identityDeletionText('selfie', { decidedAt, deletedAt: new Date('2026-12-04T02:30:00Z') })).toBe(
      'Tu selfie de verificación se borró el 3 de diciembre de 2026.',
    );
    expect(identityDeletionText('documents', { decidedAt: null, deletedAt: null })).toBeNull();
  });

  it('names the Buenos Aires day: a decision late in the evening is deleted on the day after its seventh', () => {
    // 23:30 of 26 November in Buenos Aires: due 23:30 of 3 December, gone by 00:30 of the 4th.
    expect(identityDeletionText('documents', { decidedAt: new Date('2026-11-27T02:30:00Z'), deletedAt: null })).toBe(
      'Tus documentos se borrarán el 4 de diciembre de 2026.',
    );
  });
});
