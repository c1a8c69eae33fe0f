// "Cómo evitar estafas" (site/components/avoid-scams/avoid-scams-page.astro). Spanish first; Portuguese and English key
// for key (docs/decisions/070-languages.md). A sentence with a link or a <strong> inside is split around it: the part
// before, the element's text, the part after (the page puts the spaces and the punctuation that joins them).
// Argentine numbers and names (911, Línea 145, fiscalía) stay as they are, explained where a visitor would not know them.
import type { Texts } from './texts.ts';

const es = {
  title: 'Cómo evitar estafas',
  description:
    'Cómo evitar las estafas más comunes con avisos: pagos por adelantado, llamadas de extorsión y páginas falsas. Verificá un número y sabé qué hacer si te estafaron.',
  lead: 'Las estafas alrededor de los avisos clasificados se repiten: alguien pide plata antes de un encuentro, amenaza para cobrar o se hace pasar por un aviso o por Velada. Conocerlas es la mejor forma de evitarlas. Estos son los casos más comunes y qué hacer en cada uno.',
  contents: 'Contenido',
  reportScamLink: 'Denunciar una estafa',
  emergencyNumber: '911',

  advanceTitle: 'Nunca pagues por adelantado',
  advanceText:
    'Que te pidan plata antes de un encuentro es la señal más clara de una estafa. El pedido puede llegar con distintos nombres:',
  advanceBooking: 'una «seña» o una «reserva» para asegurar el día o el horario;',
  advanceTransfer: 'una transferencia o un pago con billetera virtual «para confirmar» o «para el traslado»;',
  advanceCards: 'tarjetas de regalo, recargas de celular o criptomonedas;',
  advanceGuarantee: 'un «depósito de garantía» que prometen devolverte.',
  advanceDont:
    'No pagues nada de eso, aunque te insistan, te apuren o te muestren comprobantes o fotos de documentos. Una vez enviada, esa plata es muy difícil de recuperar. Tampoco compartas los datos de tu tarjeta, tus claves ni fotos de tu documento.',
  advanceNeverAsks: 'Velada nunca te pide plata.',
  advanceFree:
    'Ver los avisos y contactar a quien publica es gratis, y no intermediamos pagos entre personas. Lo único que cobramos son los planes de visibilidad que contratan quienes publican, desde su propia cuenta.',

  extortionTitle: 'Llamadas de extorsión',
  extortionText:
    'Después de contactar un aviso pueden llegarte llamadas o mensajes de alguien que dice ser un «sicario», parte de una banda, la pareja o un familiar de quien publica, o incluso policía. Te acusan de algo, dicen saber dónde vivís y te exigen plata para dejarte tranquilo. Buscan asustarte para que pagues rápido, sin pensar.',
  extortionIfSo: 'Si te pasa:',
  extortionDontPay: 'No pagues.',
  extortionDontPayText: 'Pagar no termina las amenazas: suele ser el comienzo de nuevos pedidos.',
  extortionHangUp: 'Cortá',
  extortionHangUpText: 'y no sigas la conversación. No confirmes tu nombre, tu dirección ni datos de tu familia.',
  extortionBlock: 'Bloqueá',
  extortionBlockText: 'el número en el teléfono y en WhatsApp.',
  extortionEvidence: 'Guardá las pruebas',
  extortionEvidenceText: 'antes de borrar nada: capturas de los mensajes, el número, y la fecha y la hora de cada llamada.',
  extortionReport: 'Denuncialo',
  /** Followed by the emergency number and a period. */
  extortionReportText: 'en la policía o en una fiscalía. Si sentís que estás en peligro, llamá al',
  extortionTellUs: 'Avisanos',
  /** Between "Avisanos" and the link. */
  extortionTellUsVia: 'desde',
  /** After the link and a comma. */
  extortionTellUsText: 'con el aviso que contactaste y el número que te amenazó, para que el equipo de Velada lo revise.',

  fakesTitle: 'Páginas y perfiles falsos',
  fakesText:
    'Hay sitios, perfiles en redes y cuentas de mensajería que copian avisos de Velada (las fotos, el texto, el nombre) y les cambian el teléfono, o que usan el nombre de Velada para pedir datos o pagos.',
  /** Followed by the site's address and a period. */
  fakesAddress: 'La única dirección de Velada es',
  fakesAddressCheck: 'Antes de escribir cualquier dato, fijate que sea la que ves en la barra del navegador.',
  fakesNeverFirst:
    'Velada nunca te escribe primero para pedirte datos, claves, pagos ni códigos: ni por WhatsApp, ni por SMS, ni por redes sociales.',
  fakesCode: 'Nunca compartas un código de verificación',
  fakesCodeText:
    'que te llegue por SMS, WhatsApp o correo, aunque te digan que es para confirmar un turno o para verificarte: con ese código pueden quedarse con tu cuenta de WhatsApp o de tu banco.',
  /** Followed by the link. */
  fakesCopy: 'Si encontrás un aviso de Velada copiado en otro sitio, o un perfil que se hace pasar por Velada, contanos desde',
  fakesCopyText: 'con el enlace de la copia en los detalles.',

  checkTitle: 'Cómo verificar un número',
  /** Before the link to the phone check. */
  checkBefore: 'En',
  checkLink: 'Verificar un anuncio',
  checkText:
    'podés pegar el teléfono o el enlace de WhatsApp desde el que te escribieron y saber si está en un aviso publicado en Velada. La respuesta puede ser:',
  /** The phone check's answers, quoted; each followed by a colon. */
  checkVerified: '«Número verificado»',
  checkVerifiedText:
    'es el teléfono de un aviso publicado, de alguien que verificó su identidad y su mayoría de edad. Te mostramos qué aviso es: fijate que sea el mismo con el que estás hablando.',
  checkUnknown: '«Ese número no está en ningún aviso publicado de Velada»',
  checkUnknownText: 'si alguien te escribió desde ese número en nombre de un aviso o de Velada, desconfiá y no pagues nada.',
  checkPublished:
    'Solo cuentan los avisos publicados: si un aviso terminó, se pausó o se dio de baja, su número ya no aparece como verificado. También podés verificar un aviso por su código, que está al pie de cada aviso, o por su enlace.',
  checkNotSafe: 'Un número verificado te dice de qué aviso es, no que sea seguro pagar: aun así, nunca pagues por adelantado.',

  scammedTitle: 'Si te estafaron',
  scammedText: 'Que te hayan estafado no es motivo de vergüenza, y denunciarlo ayuda a que no le pase a otras personas.',
  scammedKeep: 'No borres nada:',
  scammedKeepText: 'guardá los chats, las capturas, los números, los enlaces y los comprobantes de pago.',
  scammedBankBefore: 'Si pagaste con transferencia, billetera virtual o tarjeta,',
  scammedBank: 'comunicate cuanto antes con tu banco o tu billetera',
  scammedBankText: 'y contales lo que pasó.',
  scammedReport: 'Hacé la denuncia',
  /** Followed by the emergency number and a period. */
  scammedReportText: 'en la policía o en una fiscalía, con las pruebas que guardaste. Si estás en peligro, llamá al',
  scammedVelada: 'Denuncialo en Velada',
  /** Between "Denuncialo en Velada" and the link. */
  scammedVeladaVia: 'desde',
  /** After the link and a period. */
  scammedVeladaText:
    'Si empezó con un aviso, usá «Denunciar este aviso» en su página, así sabemos cuál es. El equipo revisa cada denuncia.',
  scammedTrafficking: 'Si sospechás de trata de personas o explotación, llamá gratis a la',
  traffickingLine: 'Línea 145',
  /** After the line's name and a colon. */
  scammedTraffickingText: 'atiende las 24 horas, en todo el país y de forma anónima.',
} as const;

const pt = {
  title: 'Como evitar golpes',
  description:
    'Como evitar os golpes mais comuns com anúncios: pagamentos adiantados, ligações de extorsão e páginas falsas. Verifique um número e saiba o que fazer se você caiu em um golpe.',
  lead: 'Os golpes em torno dos anúncios classificados se repetem: alguém pede dinheiro antes de um encontro, faz ameaças para cobrar ou se passa por quem anuncia ou pela Velada. Conhecê-los é a melhor forma de evitá-los. Estes são os casos mais comuns e o que fazer em cada um.',
  contents: 'Conteúdo',
  reportScamLink: 'Denunciar um golpe',
  emergencyNumber: '911',

  advanceTitle: 'Nunca pague adiantado',
  advanceText: 'Um pedido de dinheiro antes de um encontro é o sinal mais claro de golpe. O pedido pode vir com nomes diferentes:',
  advanceBooking: 'um “sinal” ou uma “reserva” para garantir o dia ou o horário;',
  advanceTransfer: 'uma transferência ou um pagamento por carteira digital “para confirmar” ou “para o transporte”;',
  advanceCards: 'cartões-presente (gift cards), recargas de celular ou criptomoedas;',
  advanceGuarantee: 'um “depósito de garantia” que prometem devolver.',
  advanceDont:
    'Não pague nada disso, mesmo que insistam, apressem você ou mostrem comprovantes ou fotos de documentos. Depois de enviado, esse dinheiro é muito difícil de recuperar. Também não compartilhe os dados do seu cartão, suas senhas nem fotos do seu documento.',
  advanceNeverAsks: 'A Velada nunca pede dinheiro a você.',
  advanceFree:
    'Ver os anúncios e entrar em contato com quem anuncia é grátis, e não intermediamos pagamentos entre pessoas. A única coisa que cobramos são os planos de visibilidade que os anunciantes contratam na própria conta.',

  extortionTitle: 'Ligações de extorsão',
  extortionText:
    'Depois de entrar em contato com um anúncio, você pode receber ligações ou mensagens de alguém que diz ser um “matador de aluguel”, membro de uma quadrilha, parceiro ou parente de quem anuncia, ou até policial. Acusam você de alguma coisa, dizem saber onde você mora e exigem dinheiro para deixar você em paz. Querem assustar você para que pague rápido, sem pensar.',
  extortionIfSo: 'Se isso acontecer com você:',
  extortionDontPay: 'Não pague.',
  extortionDontPayText: 'Pagar não acaba com as ameaças: costuma ser o começo de novos pedidos.',
  extortionHangUp: 'Desligue',
  extortionHangUpText: 'e não continue a conversa. Não confirme seu nome, seu endereço nem dados da sua família.',
  extortionBlock: 'Bloqueie',
  extortionBlockText: 'o número no telefone e no WhatsApp.',
  extortionEvidence: 'Guarde as provas',
  extortionEvidenceText: 'antes de apagar qualquer coisa: prints das mensagens, o número, a data e a hora de cada ligação.',
  extortionReport: 'Denuncie',
  extortionReportText: 'na polícia ou em uma promotoria (fiscalía). Se você se sentir em perigo, ligue para a polícia no',
  extortionTellUs: 'Avise a gente',
  extortionTellUsVia: 'pela página',
  extortionTellUsText: 'informando o anúncio que você contatou e o número que ameaçou você, para que a equipe da Velada analise o caso.',

  fakesTitle: 'Páginas e perfis falsos',
  fakesText:
    'Existem sites, perfis em redes sociais e contas de mensagens que copiam anúncios da Velada (as fotos, o texto, o nome) e trocam o telefone, ou que usam o nome da Velada para pedir dados ou pagamentos.',
  fakesAddress: 'O único endereço da Velada é',
  fakesAddressCheck: 'Antes de digitar qualquer dado, confira se é o que aparece na barra do navegador.',
  fakesNeverFirst:
    'A Velada nunca escreve primeiro para pedir dados, senhas, pagamentos ou códigos: nem por WhatsApp, nem por SMS, nem pelas redes sociais.',
  fakesCode: 'Nunca compartilhe um código de verificação',
  fakesCodeText:
    'recebido por SMS, WhatsApp ou e-mail, mesmo que digam que é para confirmar um horário ou para verificar você: com esse código podem tomar a sua conta do WhatsApp ou do banco.',
  fakesCopy:
    'Se você encontrar um anúncio da Velada copiado em outro site, ou um perfil que se passa pela Velada, conte para a gente pela página',
  fakesCopyText: 'e coloque o link da cópia nos detalhes.',

  checkTitle: 'Como verificar um número',
  checkBefore: 'Na página',
  checkLink: 'Verificar um anúncio',
  checkText:
    'você pode colar o telefone ou o link do WhatsApp de quem escreveu para você e saber se ele está em um anúncio publicado na Velada. A resposta pode ser:',
  checkVerified: '“Número verificado”',
  checkVerifiedText:
    'é o telefone de um anúncio publicado, de alguém que comprovou a identidade e que é maior de idade. Mostramos qual é o anúncio: confira se é o mesmo com quem você está falando.',
  checkUnknown: '“Esse número não está em nenhum anúncio publicado da Velada”',
  checkUnknownText: 'se alguém escreveu para você desse número em nome de um anúncio ou da Velada, desconfie e não pague nada.',
  checkPublished:
    'Só contam os anúncios publicados: se um anúncio terminou, foi pausado ou foi removido, o número dele deixa de aparecer como verificado. Você também pode verificar um anúncio pelo código, que fica no fim de cada anúncio, ou pelo link.',
  checkNotSafe: 'Um número verificado diz de qual anúncio ele é, não que seja seguro pagar: mesmo assim, nunca pague adiantado.',

  scammedTitle: 'Se você caiu em um golpe',
  scammedText: 'Cair em um golpe não é motivo de vergonha, e denunciar ajuda a evitar que aconteça com outras pessoas.',
  scammedKeep: 'Não apague nada:',
  scammedKeepText: 'guarde as conversas, os prints, os números, os links e os comprovantes de pagamento.',
  scammedBankBefore: 'Se você pagou por transferência, carteira digital ou cartão,',
  scammedBank: 'entre em contato o quanto antes com o seu banco ou a sua carteira digital',
  scammedBankText: 'e conte o que aconteceu.',
  scammedReport: 'Registre a denúncia',
  scammedReportText:
    'na polícia ou em uma promotoria (fiscalía), levando as provas que você guardou. Se estiver em perigo, ligue para a polícia no',
  scammedVelada: 'Denuncie na Velada',
  scammedVeladaVia: 'pela página',
  scammedVeladaText:
    'Se começou com um anúncio, use “Denunciar este anúncio” na página dele, assim sabemos qual é. A equipe analisa cada denúncia.',
  scammedTrafficking: 'Se você suspeitar de tráfico de pessoas ou exploração, ligue grátis para a',
  traffickingLine: 'Línea 145',
  scammedTraffickingText: 'a linha nacional argentina contra o tráfico de pessoas, que atende 24 horas, em todo o país e de forma anônima.',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'How to avoid scams',
  description:
    'How to avoid the most common scams around ads: payments in advance, extortion calls and fake pages. Check a number and know what to do if you were scammed.',
  lead: 'Scams around classified ads follow the same patterns: someone asks for money before a meeting, makes threats to get paid, or pretends to be an advertiser or Velada. Knowing them is the best way to avoid them. These are the most common cases and what to do in each one.',
  contents: 'Contents',
  reportScamLink: 'Report a scam',
  emergencyNumber: '911',

  advanceTitle: 'Never pay in advance',
  advanceText: 'Being asked for money before a meeting is the clearest sign of a scam. The request can come under different names:',
  advanceBooking: 'a “deposit” or a “booking fee” to hold the day or time;',
  advanceTransfer: 'a bank transfer or a digital wallet payment “to confirm” or “for travel”;',
  advanceCards: 'gift cards, phone top-ups or cryptocurrency;',
  advanceGuarantee: 'a “security deposit” they promise to give back.',
  advanceDont:
    'Don’t pay any of it, even if they insist, rush you or show you receipts or photos of IDs. Once sent, that money is very hard to get back. Don’t share your card details, your passwords or photos of your ID either.',
  advanceNeverAsks: 'Velada never asks you for money.',
  advanceFree:
    'Viewing ads and contacting advertisers is free, and we don’t handle payments between people. The only things we charge for are the visibility plans that advertisers buy from their own account.',

  extortionTitle: 'Extortion calls',
  extortionText:
    'After you contact an ad, you may get calls or messages from someone who claims to be a “hitman”, a gang member, the advertiser’s partner or relative, or even a police officer. They accuse you of something, say they know where you live and demand money to leave you alone. They want to scare you into paying fast, without thinking.',
  extortionIfSo: 'If it happens to you:',
  extortionDontPay: 'Don’t pay.',
  extortionDontPayText: 'Paying doesn’t end the threats: it is usually the start of new demands.',
  extortionHangUp: 'Hang up',
  extortionHangUpText: 'and don’t keep talking. Don’t confirm your name, your address or anything about your family.',
  extortionBlock: 'Block',
  extortionBlockText: 'the number on your phone and on WhatsApp.',
  extortionEvidence: 'Keep the evidence',
  extortionEvidenceText: 'before you delete anything: screenshots of the messages, the number, and the date and time of each call.',
  extortionReport: 'Report it',
  extortionReportText: 'to the police or a prosecutor’s office (fiscalía). If you feel you are in danger, call the police at',
  extortionTellUs: 'Tell us',
  extortionTellUsVia: 'through',
  extortionTellUsText: 'with the ad you contacted and the number that threatened you, so that Velada’s team can look into it.',

  fakesTitle: 'Fake pages and profiles',
  fakesText:
    'Some sites, social media profiles and messaging accounts copy Velada ads (the photos, the text, the name) and change the phone number, or use Velada’s name to ask for personal details or payments.',
  fakesAddress: 'Velada’s only address is',
  fakesAddressCheck: 'Before you type in any details, make sure it is the one in your browser’s address bar.',
  fakesNeverFirst:
    'Velada never contacts you first to ask for personal details, passwords, payments or codes: not on WhatsApp, not by text message, not on social media.',
  fakesCode: 'Never share a verification code',
  fakesCodeText:
    'that you get by text message, WhatsApp or email, even if they say it is to confirm an appointment or to verify you: with that code they can take over your WhatsApp or bank account.',
  fakesCopy: 'If you find a Velada ad copied on another site, or a profile pretending to be Velada, let us know through',
  fakesCopyText: 'and put the link to the copy in the details.',

  checkTitle: 'How to check a number',
  checkBefore: 'On the',
  checkLink: 'Check an ad',
  checkText:
    'page you can paste the phone number or WhatsApp link of whoever messaged you and find out whether it belongs to an ad published on Velada. The answer can be:',
  checkVerified: '“Verified number”',
  checkVerifiedText:
    'it belongs to a published ad whose advertiser has verified their identity and that they are an adult. We show you which ad it is: make sure it is the same one you are talking to.',
  checkUnknown: '“That number is not in any ad published on Velada”',
  checkUnknownText: 'if someone messaged you from that number on behalf of an ad or of Velada, be suspicious and don’t pay anything.',
  checkPublished:
    'Only published ads count: if an ad has ended, been paused or been taken down, its number no longer shows as verified. You can also check an ad by its code, shown at the bottom of every ad, or by its link.',
  checkNotSafe: 'A verified number tells you which ad it belongs to, not that it is safe to pay: even so, never pay in advance.',

  scammedTitle: 'If you were scammed',
  scammedText: 'Being scammed is nothing to be ashamed of, and reporting it helps keep it from happening to others.',
  scammedKeep: 'Don’t delete anything:',
  scammedKeepText: 'keep the chats, screenshots, numbers, links and payment receipts.',
  scammedBankBefore: 'If you paid by bank transfer, digital wallet or card,',
  scammedBank: 'contact your bank or wallet provider as soon as possible',
  scammedBankText: 'and tell them what happened.',
  scammedReport: 'File a report',
  scammedReportText:
    'with the police or a prosecutor’s office (fiscalía) and bring the evidence you kept. If you are in danger, call the police at',
  scammedVelada: 'Report it to Velada',
  scammedVeladaVia: 'through',
  scammedVeladaText:
    'If it started with an ad, use “Report this ad” on its page so we know which one it is. Our team reviews every report.',
  scammedTrafficking: 'If you suspect human trafficking or exploitation, call',
  traffickingLine: 'Línea 145',
  scammedTraffickingText:
    'Argentina’s free national anti-trafficking hotline, open 24 hours a day, nationwide, and you can stay anonymous.',
} as const satisfies Texts<typeof es>;

export const avoidScams = { es, pt, en };
