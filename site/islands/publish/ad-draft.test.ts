import { describe, expect, it } from 'vitest';
import { adInputSchema } from '#shared/ad-input.ts';
import { EMPTY_AD, draftPayload } from './ad-draft.ts';

describe('the ad draft', () => {
  it('sends the schema its shape: the price typed with thousands dots as a number, no barrio as null', () => {
    const draft = {
      ...EMPTY_AD,
      title: 'Masajes descontracturantes',
      category: 'masajes' as const,
      description: 'Sesiones de masajes descontracturantes en un espacio tranquilo y cuidado.',
      phone: '11 2345-6789',
      pricePerHour: '15.000',
    };
    const parsed = adInputSchema.parse(draftPayload(draft));
    expect(parsed).toMatchObject({ pricePerHour: 15000, barrio: null, zona: 'caba', languages: ['espanol'], plan: 'gratuito' });
  });

  it('leaves an empty price out and lets the schema name what is missing in an empty draft', () => {
    expect(draftPayload(EMPTY_AD).pricePerHour).toBeNull();
    const result = adInputSchema.safeParse(draftPayload(EMPTY_AD));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['title', 'category', 'description']));
  });
});
