// "Descargá la app" and the install offer (site/components/site-overlays.astro). Spanish first; Portuguese and English key for key (docs/decisions/070-languages.md).
import type { Texts } from './texts.ts';

const es = {
  dialogTitle: 'Descargá la app de Velada',
  installedTitle: '¡App instalada!',
  installedText: 'Velada se ha instalado correctamente en tu dispositivo',
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
} as const;

const pt = {
  dialogTitle: 'Baixe o app da Velada',
  installedTitle: 'App instalado!',
  installedText: 'A Velada foi instalada no seu dispositivo',
  dialogText: 'Instale a Velada no seu celular: abre mais rápido, ocupa pouco espaço e não precisa de loja de aplicativos.',
  iosStep1: 'Abra este site no Safari.',
  iosStep2: 'Toque no botão Compartilhar (o quadrado com a seta para cima).',
  iosStep3: 'Escolha «Adicionar à Tela de Início».',
  otherStep1: 'Abra o menu do navegador (⋮).',
  otherStep2: 'Escolha «Instalar app» ou «Adicionar à tela inicial».',
  otherStep3: 'Confirme com «Instalar».',
  guide: 'Ver guia em PDF',
  later: 'Agora não',
  install: 'Instalar',
  promptTitle: 'Instale a Velada',
  promptText: 'Acesse mais rápido pela sua tela inicial.',
  promptIos:
    'Toque em Compartilhar e escolha «Adicionar à Tela de Início». No iPhone e no iPad, os avisos de novas buscas só chegam com o app instalado.',
} as const satisfies Texts<typeof es>;

const en = {
  dialogTitle: 'Get the Velada app',
  installedTitle: 'App installed!',
  installedText: 'Velada has been installed on your device',
  dialogText: 'Install Velada on your phone: it opens faster, takes little space and needs no app store.',
  iosStep1: 'Open this site in Safari.',
  iosStep2: 'Tap the Share button (the square with the arrow pointing up).',
  iosStep3: 'Choose “Add to Home Screen”.',
  otherStep1: 'Open the browser menu (⋮).',
  otherStep2: 'Choose “Install app” or “Add to Home screen”.',
  otherStep3: 'Confirm with “Install”.',
  guide: 'See the PDF guide',
  later: 'Not now',
  install: 'Install',
  promptTitle: 'Install Velada',
  promptText: 'Get here faster from your home screen.',
  promptIos: 'Tap Share and choose “Add to Home Screen”. On iPhone and iPad, alerts of new searches only arrive with the app installed.',
} as const satisfies Texts<typeof es>;

export const install = { es, pt, en };
