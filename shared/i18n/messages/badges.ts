// The badges of an ad's card and page (site/server/ad-card-html.ts) and the words around its price. Also read in the
// browser, which keeps "verificadas hace N días" current (site/lib/photo-badges.ts): a plain part, no i18next there.
import type { Texts } from './texts.ts';

const es = {
  list: 'Distintivos',
  availableUntil: 'Disponible ahora · hasta {{time}}',
  identity: '✓ Identidad verificada',
  photos: 'Fotos reales',
  photosToday: 'Fotos reales · verificadas hoy',
  photosOneDay: 'Fotos reales · verificadas hace 1 día',
  photosDays: 'Fotos reales · verificadas hace {{days}} días',
  photosTitle: 'El equipo de Velada comparó cada foto con una selfie de verificación de quien publica, el {{date}}.',
  from: 'desde',
  hour: '/ hora',
  seeRates: 'Ver tarifas en el aviso',
  askPrice: 'Precio a consultar',
  noPhotos: 'Sin fotos',
  age: '{{age}} años',
  save: 'Guardar en favoritos',
  unsave: 'Quitar de favoritos',
} as const;

const pt = {
  list: 'Selos',
  availableUntil: 'Disponível agora · até {{time}}',
  identity: '✓ Identidade verificada',
  photos: 'Fotos reais',
  photosToday: 'Fotos reais · verificadas hoje',
  photosOneDay: 'Fotos reais · verificadas há 1 dia',
  photosDays: 'Fotos reais · verificadas há {{days}} dias',
  photosTitle: 'A equipe da Velada comparou cada foto com uma selfie de verificação de quem anuncia, em {{date}}.',
  from: 'a partir de',
  hour: '/ hora',
  seeRates: 'Veja os preços no anúncio',
  askPrice: 'Preço a consultar',
  noPhotos: 'Sem fotos',
  age: '{{age}} anos',
  save: 'Salvar nos favoritos',
  unsave: 'Remover dos favoritos',
} as const satisfies Texts<typeof es>;

const en = {
  list: 'Badges',
  availableUntil: 'Available now · until {{time}}',
  identity: '✓ Verified identity',
  photos: 'Real photos',
  photosToday: 'Real photos · checked today',
  photosOneDay: 'Real photos · checked 1 day ago',
  photosDays: 'Real photos · checked {{days}} days ago',
  photosTitle: 'The Velada team compared each photo with a verification selfie of the advertiser, on {{date}}.',
  from: 'from',
  hour: '/ hour',
  seeRates: 'See the rates in the ad',
  askPrice: 'Price on request',
  noPhotos: 'No photos',
  age: '{{age}} years old',
  save: 'Save to favourites',
  unsave: 'Remove from favourites',
} as const satisfies Texts<typeof es>;

export const badges = { es, pt, en };
