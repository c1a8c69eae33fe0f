// The kind of reason staff give when they reject an ad or take one down (the panel's Anuncios): chosen with the
// free-text reason the advertiser reads, and what the transparency report counts rejections by (decision 042).
export const REFUSAL_CATEGORIES = [
  { value: 'posible_menor', label: 'Dudas sobre la edad' },
  { value: 'posible_trata', label: 'Señales de trata o explotación' },
  { value: 'contenido', label: 'Texto o servicios no permitidos' },
  { value: 'fotos', label: 'Fotos que no cumplen las reglas' },
  { value: 'datos', label: 'Datos incompletos o incorrectos' },
  { value: 'duplicado', label: 'Anuncio repetido o engañoso' },
  { value: 'otro', label: 'Otro motivo' },
] as const;
export type RefusalCategory = (typeof REFUSAL_CATEGORIES)[number]['value'];
/** What a refusal recorded before categories existed (or by an older panel) counts as. */
export const DEFAULT_REFUSAL_CATEGORY: RefusalCategory = 'otro';

export const refusalCategoryLabel = (value: string): string => REFUSAL_CATEGORIES.find((c) => c.value === value)?.label ?? value;
