// 'Verificar un anuncio' (site/components/ad-check/ad-check-page.astro): the ad code check and the phone check, their
// forms and every answer they give (site/server/ad-check-answers.ts). Portuguese and English key for key
// (docs/decisions/070-languages.md). The answers quoted by 'Cómo evitar estafas' (avoidScams.checkVerified,
// checkUnknown) are these answers' first words, in the same wording.
import type { Texts } from './texts.ts';

const es = {
  title: 'Verificar un anuncio',
  codeLead:
    'Escribí el código del aviso (está al pie de cada aviso) o pegá su enlace para saber si es un aviso de Velada con la identidad verificada.',
  codeLabel: 'Código o enlace del aviso',
  codeButton: 'Verificar',
  codeFound: 'Aviso verificado.',
  codeFoundText: 'El aviso {{code}}, «{{title}}», está publicado en Velada y su anunciante verificó su identidad y su mayoría de edad.',
  seeAd: 'Ver el aviso',
  codeUnknown: 'No encontramos un aviso publicado con ese código.',
  codeUnknownText: 'Si alguien te lo ofreció como un aviso de Velada, puede ser una estafa: nunca pagues por adelantado.',
  reportScam: 'Denunciar una estafa',

  phoneTitle: '¿Es de un aviso verificado?',
  phoneLead:
    'Pegá el teléfono o el enlace de WhatsApp desde el que te escribieron para saber si es de un aviso publicado en Velada. Nunca mostramos números que no estén publicados.',
  phoneLabel: 'Teléfono o enlace de WhatsApp',
  phoneHint: 'Por ejemplo 11 5555-0123 o https://wa.me/5491155550123',
  phoneButton: 'Verificar teléfono',
  phoneInvalid: 'No reconocemos ese número.',
  phoneInvalidText: 'Escribí un teléfono argentino con código de área o pegá un enlace de WhatsApp.',
  phoneLimited: 'Hiciste muchas consultas seguidas.',
  tryAgainOne: 'Probá de nuevo en 1 minuto.',
  tryAgainMany: 'Probá de nuevo en {{minutes}} minutos.',
  phoneFound: 'Número verificado.',
  phoneFoundOne: 'Es el teléfono de este aviso publicado en Velada, de un anunciante que verificó su identidad y su mayoría de edad:',
  phoneFoundMany: 'Es el teléfono de estos avisos publicados en Velada, de un anunciante que verificó su identidad y su mayoría de edad:',
  /** An ad's title as the answers quote it. */
  quotedTitle: '«{{title}}»',
  adCode: '(código {{code}})',
  phoneFoundAdvice: 'Fijate que te sigan escribiendo desde ese mismo número y nunca pagues por adelantado.',
  phoneUnknown: 'Ese número no está en ningún aviso publicado de Velada.',
  phoneUnknownText: 'Si alguien te escribió desde él en nombre de Velada o de un aviso, puede ser una estafa: nunca pagues por adelantado.',
  /** Followed by the link to 'Cómo evitar estafas' and a full stop. */
  scamsQuestion: '¿Qué estafas son comunes?',
  scamsLink: 'Leé cómo evitarlas',
} as const;

const pt = {
  title: 'Verificar um anúncio',
  codeLead:
    'Digite o código do anúncio (ele fica no fim de cada anúncio) ou cole o link dele para saber se é um anúncio da Velada com a identidade verificada.',
  codeLabel: 'Código ou link do anúncio',
  codeButton: 'Verificar',
  codeFound: 'Anúncio verificado.',
  codeFoundText: 'O anúncio {{code}}, “{{title}}”, está publicado na Velada, e quem anuncia comprovou a identidade e que é maior de idade.',
  seeAd: 'Ver o anúncio',
  codeUnknown: 'Não encontramos nenhum anúncio publicado com esse código.',
  codeUnknownText: 'Se alguém ofereceu isso a você como um anúncio da Velada, pode ser golpe: nunca pague adiantado.',
  reportScam: 'Denunciar um golpe',

  phoneTitle: 'É de um anúncio verificado?',
  phoneLead:
    'Cole o telefone ou o link do WhatsApp de quem escreveu para você e saiba se ele é de um anúncio publicado na Velada. Nunca mostramos números que não estejam publicados.',
  phoneLabel: 'Telefone ou link do WhatsApp',
  phoneHint: 'Por exemplo, 11 5555-0123 ou https://wa.me/5491155550123',
  phoneButton: 'Verificar telefone',
  phoneInvalid: 'Não reconhecemos esse número.',
  phoneInvalidText: 'Digite um telefone argentino com o código de área (11 em Buenos Aires) ou cole um link do WhatsApp.',
  phoneLimited: 'Você fez muitas consultas seguidas.',
  tryAgainOne: 'Tente de novo em 1 minuto.',
  tryAgainMany: 'Tente de novo em {{minutes}} minutos.',
  phoneFound: 'Número verificado.',
  phoneFoundOne: 'É o telefone deste anúncio publicado na Velada, de alguém que comprovou a identidade e que é maior de idade:',
  phoneFoundMany: 'É o telefone destes anúncios publicados na Velada, de alguém que comprovou a identidade e que é maior de idade:',
  quotedTitle: '“{{title}}”',
  adCode: '(código {{code}})',
  phoneFoundAdvice: 'Confira se continuam escrevendo para você desse mesmo número e nunca pague adiantado.',
  phoneUnknown: 'Esse número não está em nenhum anúncio publicado da Velada.',
  phoneUnknownText: 'Se alguém escreveu para você desse número em nome da Velada ou de um anúncio, pode ser golpe: nunca pague adiantado.',
  scamsQuestion: 'Quais golpes são comuns?',
  scamsLink: 'Veja como evitá-los',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Check an ad',
  codeLead:
    'Type the ad’s code (shown at the bottom of every ad) or paste its link to find out whether it is a Velada ad whose advertiser’s identity has been verified.',
  codeLabel: 'Ad code or link',
  codeButton: 'Check',
  codeFound: 'Verified ad.',
  codeFoundText:
    'Ad {{code}}, “{{title}}”, is published on Velada, and its advertiser has verified their identity and that they are an adult.',
  seeAd: 'See the ad',
  codeUnknown: 'We found no published ad with that code.',
  codeUnknownText: 'If someone offered it to you as a Velada ad, it may be a scam: never pay in advance.',
  reportScam: 'Report a scam',

  phoneTitle: 'Is it from a verified ad?',
  phoneLead:
    'Paste the phone number or WhatsApp link of whoever messaged you to find out whether it belongs to an ad published on Velada. We never show numbers that are not published.',
  phoneLabel: 'Phone number or WhatsApp link',
  phoneHint: 'For example 11 5555-0123 or https://wa.me/5491155550123',
  phoneButton: 'Check number',
  phoneInvalid: 'We don’t recognise that number.',
  phoneInvalidText: 'Type an Argentine phone number with its area code (11 in Buenos Aires) or paste a WhatsApp link.',
  phoneLimited: 'You have made a lot of checks in a row.',
  tryAgainOne: 'Try again in 1 minute.',
  tryAgainMany: 'Try again in {{minutes}} minutes.',
  phoneFound: 'Verified number.',
  phoneFoundOne:
    'It is the phone number of this ad published on Velada, whose advertiser has verified their identity and that they are an adult:',
  phoneFoundMany:
    'It is the phone number of these ads published on Velada, whose advertiser has verified their identity and that they are an adult:',
  quotedTitle: '“{{title}}”',
  adCode: '(code {{code}})',
  phoneFoundAdvice: 'Make sure they keep messaging you from this same number, and never pay in advance.',
  phoneUnknown: 'That number is not in any ad published on Velada.',
  phoneUnknownText: 'If someone messaged you from it on behalf of Velada or of an ad, it may be a scam: never pay in advance.',
  scamsQuestion: 'Which scams are common?',
  scamsLink: 'Read how to avoid them',
} as const satisfies Texts<typeof es>;

export const adCheck = { es, pt, en };
