// What ad cards, badges and hearts do in the browser (their markup: site/server/ad-card-html.ts): the hearts show the
// visitor's favourites, "Disponible ahora" badges leave once their window ends, and "Fotos reales" says its age today. Started by each component that
// shows them; once per page, however many start it (each script may carry its own copy of this module).
import { setUpFavouriteHearts } from './favourite-hearts.ts';
import { dropEndedAvailableBadges } from './available-badges.ts';
import { keepPhotoBadgesCurrent } from './photo-badges.ts';

const STARTED = Symbol.for('velada.ad-cards');

export function startAdCards(): void {
  const page = globalThis as { [STARTED]?: true };
  if (page[STARTED]) return;
  page[STARTED] = true;
  setUpFavouriteHearts();
  dropEndedAvailableBadges();
  keepPhotoBadgesCurrent();
}
