// The home's featured strip shows every VIP in force a part at a time: the first part with the page, the next ones
// when the visitor asks for them (site/pages/destacados/mas.astro).
export const FEATURED_PART = 12;

/** Where "Ver más destacados" leads without JavaScript: every ad with a paid plan in force, VIPs first. */
export const FEATURED_ALL_HREF = '/buscar?verificacion=premium';

/**
 * The day whose turn a part continues: the one the strip was first shown on (`dia`) if that is today or yesterday, so
 * that "Ver más" after midnight neither repeats nor skips a VIP; otherwise today.
 */
export function featuredDay(raw: string | null, today: number): number {
  const day = Number.parseInt(raw ?? '', 10);
  return day === today || day === today - 1 ? day : today;
}

/** The offset of the part that `desde` asks for: a whole number, 0 when missing or wrong, bounded. */
export function featuredOffset(raw: string | null): number {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 1_000_000) : 0;
}
