// The Spanish (es-AR) interface texts of the visitor pages: the catalogue the others follow key for key
// (shared/i18n/messages/pt.ts, en.ts). Voseo and sentence case; the seed's own labels stay as they are.
export const es = {
  ageGate: {
    title: '¿Sos mayor de 18 años?',
    text: 'Velada publica avisos clasificados para personas adultas. Para ingresar confirmá que tenés 18 años o más y que aceptás los',
    termsLink: 'Términos y condiciones',
    accept: 'Soy mayor de 18, ingresar',
    refuse: 'Soy menor de edad',
  },
  cookies: {
    title: 'Usamos cookies.',
    text: 'Las necesarias hacen funcionar el sitio; con tu permiso usamos también cookies de análisis para mejorar Velada. Más información en la',
    privacyLink: 'Política de privacidad',
    customize: 'Personalizar',
    reject: 'Rechazar',
    acceptAll: 'Aceptar todas',
    dialogTitle: 'Preferencias de cookies',
    necessary: 'Necesarias (siempre activas)',
    necessaryText: 'Recuerdan tu confirmación de edad y tus preferencias. Sin ellas el sitio no funciona.',
    analytics: 'Análisis',
    analyticsText: 'Nos dicen qué páginas se visitan y desde dónde, sin guardar tu dirección IP.',
    marketing: 'Marketing',
    marketingText: 'Permiten medir campañas de difusión de Velada.',
    cancel: 'Cancelar',
    save: 'Guardar preferencias',
  },
  install: {
    dialogTitle: 'Descargá la app de Velada',
    dialogText: 'Instalá Velada en tu teléfono: abre más rápido, ocupa poco espacio y no necesita tienda de aplicaciones.',
    iosStep1: 'Abrí este sitio en Safari.',
    iosStep2: 'Tocá el botón Compartir (el cuadrado con la flecha hacia arriba).',
    iosStep3: 'Elegí «Agregar a inicio».',
    otherStep1: 'Abrí el menú del navegador (⋮).',
    otherStep2: 'Elegí «Instalar app» o «Agregar a la pantalla principal».',
    otherStep3: 'Confirmá con «Instalar».',
    guide: 'Ver guía PDF',
    later: 'Ahora no',
    install: 'Instalar',
    promptTitle: 'Instalá Velada',
    promptText: 'Accedé más rápido desde tu pantalla de inicio.',
    promptIos:
      'Tocá Compartir y elegí «Agregar a inicio». En iPhone y iPad, los avisos de búsquedas nuevas llegan solo con la app instalada.',
  },
} as const;

/** The shape every catalogue has: the same keys as Spanish, each a text. */
export type Catalogue = { readonly [Group in keyof typeof es]: { readonly [Key in keyof (typeof es)[Group]]: string } };
