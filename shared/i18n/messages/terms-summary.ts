// The summary of the Términos y condiciones in Portuguese and English (/pt/termos-de-uso, /en/terms; the view:
// site/components/legal-summary/terms-summary.astro). The Spanish texts are the same summary in Spanish, never shown:
// the Spanish page is the full text (site/pages/terminos-condiciones.astro), and every fact here is taken from it, but for
// the revocation of a purchase (site/pages/arrepentimiento.astro). They are what the translations follow key for key, and
// what the catalogue's test and the languages' scan compare them with (docs/decisions/070-languages.md). A sentence with a
// link or a <strong> inside is split around it. Argentine names (DNI, Línea 145, the consumer-law buttons) stay in
// Spanish, explained in brackets.
import type { Texts } from './texts.ts';

const es = {
  title: 'Resumen de los términos y condiciones',
  description:
    'Resumen de los términos y condiciones de Velada, sitio de avisos clasificados para mayores de 18 años en Buenos Aires. Rige el texto completo en español.',
  version: 'Resumen del texto actualizado el {{date}}',
  noteTitle: 'Esto es un resumen.',
  noteText:
    'El texto que se aplica es el de los Términos y condiciones en español, que prevalece ante cualquier diferencia con este resumen.',
  fullLink: 'Leer los Términos y condiciones completos (en español)',
  lead: 'Al navegar el sitio, crear una cuenta o publicar un anuncio, aceptás los términos y condiciones. Si no estás de acuerdo con ellos, no uses el sitio.',

  aboutTitle: 'Qué es Velada',
  aboutText:
    'Velada aloja avisos clasificados que personas adultas publican sobre sí mismas en la Ciudad Autónoma de Buenos Aires (CABA), cada uno en alguno de sus 48 barrios oficiales.',
  notAgency: 'Velada no es una agencia:',
  notAgencyText: 'no representa a quienes publican, no gestiona agendas, no fija precios y no cobra comisiones.',
  noPart: 'No participa',
  noPartText:
    'en los servicios anunciados ni en los acuerdos entre las personas: cualquier contacto, acuerdo o pago es directo entre las partes y bajo su exclusiva responsabilidad.',

  adultsTitle: 'Solo mayores de 18 años',
  adultsText:
    'El sitio es exclusivamente para personas mayores de 18 años, tanto para quienes navegan como para quienes publican. Al ingresar, confirmás que tenés 18 años o más.',

  advertisersTitle: 'Qué deben hacer quienes publican',
  ownAds: 'Publicar por sí mismos:',
  ownAdsText:
    'quienes publican son personas adultas independientes que publican sobre sí mismas. No se admiten anuncios de terceros, agencias, representantes ni intermediarios.',
  verify: 'Verificar su identidad y su edad',
  verifyText:
    'antes de publicar, con los datos de su DNI o con fotos del documento, y una selfie sosteniéndolo. El equipo revisa cada solicitud, en general en 24 a 48 horas. Solo se publican anuncios de anunciantes verificados.',
  responsible: 'Responder por lo que publican:',
  responsibleText: 'cada anunciante es responsable de la veracidad, la legalidad y la exactitud de su anuncio.',
  review: 'Esperar la revisión:',
  reviewText:
    'el equipo de Velada revisa todo anuncio nuevo o editado antes de hacerlo público. Los textos con señales de alerta (por ejemplo, referencias a menores o a coerción) quedan retenidos hasta una revisión detallada.',

  forbiddenTitle: 'Qué está prohibido',
  forbiddenExplicit: 'Contenido sexual explícito, en imágenes o en texto.',
  forbiddenMinors: 'Cualquier referencia a menores de edad o contenido en el que aparezcan o se los sugiera.',
  forbiddenCoercion: 'Cualquier indicio de coerción, explotación o trata de personas.',
  forbiddenFalse: 'Fotos que no sean de la persona verificada, y datos falsos o engañosos.',
  zeroTolerance: 'Tolerancia cero con menores y con la trata de personas:',
  zeroToleranceText: 'se eliminan los anuncios, se cierran las cuentas y Velada colabora con las autoridades.',
  removal:
    'El equipo puede rechazar o dar de baja cualquier anuncio que incumpla los términos o la ley, e informa el motivo en la cuenta. El anuncio se puede editar y enviar otra vez, salvo un incumplimiento grave (relacionado con menores o con trata, por ejemplo): entonces la cuenta se cierra.',

  reportsTitle: 'Denuncias',
  reportsText:
    'Cada aviso tiene un botón «Denunciar». Una denuncia por posible menor de edad o por posible trata o explotación oculta el aviso de inmediato, hasta que el equipo la revise.',
  lineBefore: 'Si sospechás de trata de personas o de explotación, llamá a la',
  lineAfter: ': es nacional, gratuita, anónima y atiende las 24 horas.',

  plansTitle: 'Planes y pagos',
  plansText:
    'Velada cobra solamente los planes de visibilidad de los anuncios: Gratuito (hasta 3 fotos), Premium y VIP (más fotos y mejores lugares en las búsquedas; el VIP, además, en la página de inicio). Cada plan dura 30 días, y los precios vigentes están en la página «Aumentar visibilidad».',
  renewal:
    'Al vencer, el anuncio gratuito expira. Antes de que termine un plan pago, Velada avisa y genera el pago de la renovación; si no se paga, el anuncio pasa al plan Gratuito.',
  revocationBefore: 'La compra de un plan se puede revocar dentro de los {{days}} días corridos, sin dar motivos ni costo, con el',
  revocationAfter: 'al pie de cada página: el importe se devuelve por el mismo medio de pago.',

  lawTitle: 'Ley aplicable',
  lawText:
    'Los términos se rigen por las leyes de la República Argentina, y los datos personales se tratan según la Ley 25.326 de Protección de los Datos Personales. Las controversias corresponden a los tribunales ordinarios de la Ciudad Autónoma de Buenos Aires, sin perjuicio de los derechos irrenunciables de las personas consumidoras.',
  privacyBefore: 'Qué datos trata Velada y cómo ejercer tus derechos:',
  privacyLink: 'resumen de la política de privacidad',
} as const;

const pt = {
  title: 'Resumo dos termos e condições',
  description:
    'Resumo dos termos e condições da Velada, site de anúncios classificados para maiores de 18 anos em Buenos Aires. Vale o texto completo em espanhol.',
  version: 'Resumo do texto atualizado em {{date}}',
  noteTitle: 'Isto é um resumo.',
  noteText: 'O texto que se aplica é o dos Termos e condições em espanhol, que prevalece em caso de qualquer diferença com este resumo.',
  fullLink: 'Ler os Termos e condições completos (em espanhol)',
  lead: 'Ao navegar no site, criar uma conta ou publicar um anúncio, você aceita os termos e condições. Se não concordar com eles, não use o site.',

  aboutTitle: 'O que é a Velada',
  aboutText:
    'A Velada hospeda anúncios classificados que pessoas adultas publicam sobre si mesmas na Cidade Autônoma de Buenos Aires (CABA), cada um em um dos seus 48 bairros oficiais.',
  notAgency: 'A Velada não é uma agência:',
  notAgencyText: 'não representa quem anuncia, não administra agendas, não define preços e não cobra comissões.',
  noPart: 'Não participa',
  noPartText:
    'dos serviços anunciados nem dos acordos entre as pessoas: qualquer contato, acordo ou pagamento é feito diretamente entre as partes, sob a exclusiva responsabilidade delas.',

  adultsTitle: 'Só para maiores de 18 anos',
  adultsText:
    'O site é exclusivo para pessoas com 18 anos ou mais, tanto para quem navega quanto para quem publica. Ao entrar, você confirma que tem 18 anos ou mais.',

  advertisersTitle: 'O que os anunciantes devem fazer',
  ownAds: 'Anunciar por conta própria:',
  ownAdsText:
    'quem anuncia é uma pessoa adulta e independente que publica sobre si mesma. Não são aceitos anúncios de terceiros, agências, representantes nem intermediários.',
  verify: 'Verificar a identidade e a idade',
  verifyText:
    'antes de publicar, com os dados do DNI (o documento de identidade argentino) ou com fotos dele, e uma selfie segurando o documento. A equipe analisa cada pedido, em geral em 24 a 48 horas. Só são publicados anúncios de anunciantes verificados.',
  responsible: 'Responder pelo que publicam:',
  responsibleText: 'cada anunciante é responsável pela veracidade, pela legalidade e pela exatidão do seu anúncio.',
  review: 'Aguardar a revisão:',
  reviewText:
    'a equipe da Velada revisa todo anúncio novo ou editado antes de publicá-lo. Textos com sinais de alerta (por exemplo, referências a menores ou a coerção) ficam retidos até uma revisão detalhada.',

  forbiddenTitle: 'O que é proibido',
  forbiddenExplicit: 'Conteúdo sexual explícito, em imagens ou em texto.',
  forbiddenMinors: 'Qualquer referência a menores de idade ou conteúdo em que eles apareçam ou sejam sugeridos.',
  forbiddenCoercion: 'Qualquer indício de coerção, exploração ou tráfico de pessoas.',
  forbiddenFalse: 'Fotos que não sejam da pessoa verificada, e dados falsos ou enganosos.',
  zeroTolerance: 'Tolerância zero com menores e com o tráfico de pessoas:',
  zeroToleranceText: 'os anúncios são removidos, as contas são encerradas e a Velada colabora com as autoridades.',
  removal:
    'A equipe pode recusar ou retirar qualquer anúncio que descumpra os termos ou a lei, e informa o motivo na conta. O anúncio pode ser editado e enviado de novo, salvo em caso de descumprimento grave (ligado a menores ou a tráfico, por exemplo): aí a conta é encerrada.',

  reportsTitle: 'Denúncias',
  reportsText:
    'Cada anúncio tem um botão “Denunciar”. Uma denúncia de possível menor de idade ou de possível tráfico ou exploração oculta o anúncio na hora, até que a equipe a analise.',
  lineBefore: 'Se você suspeitar de tráfico de pessoas ou de exploração, ligue para a',
  lineAfter: ' (linha argentina contra o tráfico de pessoas): é nacional, gratuita, anônima e atende 24 horas por dia.',

  plansTitle: 'Planos e pagamentos',
  plansText:
    'A Velada cobra apenas pelos planos de visibilidade dos anúncios: Gratuito (até 3 fotos), Premium e VIP (mais fotos e lugares melhores nas buscas; o VIP também aparece na página inicial). Cada plano dura 30 dias, e os preços atuais estão na página “Aumentar visibilidad” (em espanhol).',
  renewal:
    'Ao vencer, o anúncio gratuito expira. Antes do fim de um plano pago, a Velada avisa e gera o pagamento da renovação; se ele não for pago, o anúncio passa para o plano Gratuito.',
  revocationBefore: 'A compra de um plano pode ser revogada em até {{days}} dias corridos, sem justificativa e sem custo, com o',
  revocationAfter: 'no rodapé de todas as páginas: o valor é devolvido pelo mesmo meio de pagamento.',

  lawTitle: 'Lei aplicável',
  lawText:
    'Os termos são regidos pelas leis da República Argentina, e os dados pessoais são tratados segundo a Ley 25.326 (lei argentina de proteção de dados pessoais). As controvérsias cabem aos tribunais ordinários da Cidade Autônoma de Buenos Aires, sem prejuízo dos direitos irrenunciáveis que a lei dá aos consumidores.',
  privacyBefore: 'Quais dados a Velada trata e como exercer os seus direitos:',
  privacyLink: 'resumo da política de privacidade',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Summary of the terms and conditions',
  description:
    'A summary of the terms and conditions of Velada, a classified-ads site for adults (18+) in Buenos Aires. The full Spanish text is the one that applies.',
  version: 'Summary of the text as updated on {{date}}',
  noteTitle: 'This is a summary.',
  noteText: 'The Terms and conditions in Spanish are the text that applies, and they prevail over this summary in case of any difference.',
  fullLink: 'Read the full Terms and conditions (in Spanish)',
  lead: 'By browsing the site, creating an account or publishing an ad, you accept the terms and conditions. If you do not agree with them, do not use the site.',

  aboutTitle: 'What Velada is',
  aboutText:
    'Velada hosts classified ads that adults publish about themselves in the Autonomous City of Buenos Aires (CABA), each in one of its 48 official neighbourhoods (barrios).',
  notAgency: 'Velada is not an agency:',
  notAgencyText: 'it does not represent advertisers, manage their bookings, set prices or take commissions.',
  noPart: 'It takes no part',
  noPartText:
    'in the services advertised or in any agreement between people: any contact, agreement or payment is made directly between them, under their sole responsibility.',

  adultsTitle: 'Adults (18+) only',
  adultsText:
    'The site is only for people aged 18 or over, whether they browse or publish. By entering it, you confirm that you are 18 or older.',

  advertisersTitle: 'What advertisers must do',
  ownAds: 'Advertise for themselves:',
  ownAdsText:
    'advertisers are independent adults who publish about themselves. Ads by third parties, agencies, representatives or intermediaries are not allowed.',
  verify: 'Verify their identity and age',
  verifyText:
    'before publishing, with the details of their DNI (the Argentine identity card) or photos of it, and a selfie holding it. The team reviews each request, usually within 24 to 48 hours. Only ads by verified advertisers are published.',
  responsible: 'Answer for what they publish:',
  responsibleText: 'each advertiser is responsible for the truth, legality and accuracy of their ad.',
  review: 'Wait for the review:',
  reviewText:
    'the Velada team reviews every new or edited ad before it goes public. Texts with warning signs (references to minors or to coercion, for example) are held back for a closer review.',

  forbiddenTitle: 'What is forbidden',
  forbiddenExplicit: 'Explicit sexual content, in pictures or in words.',
  forbiddenMinors: 'Any reference to minors, or content in which minors appear or are suggested.',
  forbiddenCoercion: 'Any sign of coercion, exploitation or human trafficking.',
  forbiddenFalse: 'Photos that are not of the verified person, and false or misleading details.',
  zeroTolerance: 'Zero tolerance of anything involving minors, and of human trafficking:',
  zeroToleranceText: 'the ads are removed, the accounts closed, and Velada works with the authorities.',
  removal:
    'The team may reject or take down any ad that breaks the terms or the law, and gives the reason in the advertiser’s account. The ad can be edited and sent again, unless the breach is serious (involving minors or trafficking, for example): then the account is closed.',

  reportsTitle: 'Reports',
  reportsText:
    'Every ad has a “Denunciar” (report) button. A report of a possible minor, or of possible trafficking or exploitation, hides the ad at once until the team has reviewed it.',
  lineBefore: 'If you suspect human trafficking or exploitation, call',
  lineAfter: ' (Argentina’s national anti-trafficking line): free, anonymous and open 24 hours a day.',

  plansTitle: 'Plans and payments',
  plansText:
    'Velada only charges for the visibility plans of ads: Free (up to 3 photos), Premium and VIP (more photos and higher places in searches; VIP ads are on the home page too). Each plan lasts 30 days; current prices are on the “Aumentar visibilidad” page (in Spanish).',
  renewal:
    'A free ad expires at the end of its term. Before a paid plan ends, Velada tells the advertiser and issues the renewal payment; if it is not paid, the ad goes back to the Free plan.',
  revocationBefore: 'The purchase of a plan can be revoked within {{days}} calendar days, without giving reasons and at no cost, with the',
  revocationAfter: 'at the foot of every page: the amount is refunded by the same means of payment.',

  lawTitle: 'Governing law',
  lawText:
    'The terms are governed by the laws of Argentina, and personal data are handled under Ley 25.326 (Argentina’s personal data protection law). Disputes go to the ordinary courts of the Autonomous City of Buenos Aires, without prejudice to the consumer rights that the law says cannot be waived.',
  privacyBefore: 'What data Velada handles and how to exercise your rights:',
  privacyLink: 'summary of the privacy policy',
} as const satisfies Texts<typeof es>;

export const termsSummary = { es, pt, en };
