// An ad card as visitors get it: the public fields of a search row, named one by one, instants as ISO strings.
import type { AdCard } from '#db/queries/ad-cards.ts';
import type { AdCardView } from '#shared/contracts/public/search.ts';

export function presentCard(card: AdCard): AdCardView {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    excerpt: card.excerpt,
    category: card.category,
    barrio: card.barrio,
    pricePerHour: card.pricePerHour,
    hourlyRatesDiffer: card.hourlyRatesDiffer,
    hasRates: card.hasRates,
    plan: card.plan,
    photosVerified: card.photosVerified,
    photosVerifiedAt: card.photosVerifiedAt?.toISOString() ?? null,
    age: card.age,
    image: card.image && { key: card.image.key, width: card.image.width, height: card.image.height, alt: card.image.alt },
    availableUntil: card.availableUntil?.toISOString() ?? null,
  };
}
