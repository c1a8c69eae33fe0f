// The Brazilian Portuguese interface texts of the visitor pages, key for key as shared/i18n/messages/es.ts.
import type { Catalogue } from './es.ts';

export const pt = {
  ageGate: {
    title: 'Você tem 18 anos ou mais?',
    text: 'A Velada publica anúncios classificados para pessoas adultas. Para entrar, confirme que você tem 18 anos ou mais e que aceita os',
    termsLink: 'Termos e condições',
    accept: 'Tenho 18 anos ou mais, entrar',
    refuse: 'Sou menor de idade',
  },
  cookies: {
    title: 'Usamos cookies.',
    text: 'Os necessários fazem o site funcionar; com a sua permissão usamos também cookies de análise para melhorar a Velada. Mais informações na',
    privacyLink: 'Política de privacidade',
    customize: 'Personalizar',
    reject: 'Recusar',
    acceptAll: 'Aceitar todos',
    dialogTitle: 'Preferências de cookies',
    necessary: 'Necessários (sempre ativos)',
    necessaryText: 'Lembram a confirmação da sua idade e as suas preferências. Sem eles o site não funciona.',
    analytics: 'Análise',
    analyticsText: 'Mostram quais páginas são visitadas e de onde, sem guardar o seu endereço IP.',
    marketing: 'Marketing',
    marketingText: 'Permitem medir as campanhas de divulgação da Velada.',
    cancel: 'Cancelar',
    save: 'Salvar preferências',
  },
  install: {
    dialogTitle: 'Baixe o app da Velada',
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
  },
} as const satisfies Catalogue;
