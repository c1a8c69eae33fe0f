// The summary of the Políticas de privacidad in Portuguese and English (/pt/politica-de-privacidade, /en/privacy; the
// view: site/components/legal-summary/privacy-summary.astro). The Spanish texts are the same summary in Spanish, never
// shown: the Spanish page is the full text (site/pages/politicas-privacidad.astro and site/components/privacy/), and
// every fact here is taken from it. They are what the translations follow key for key, and what the catalogue's test
// and the languages' scan compare them with (docs/decisions/070-languages.md). A sentence with a link or a <strong>
// inside is split around it. Argentine names (Ley 25.326, DNI, ARCO, the data protection authority) stay in Spanish,
// explained in brackets.
import type { Texts } from './texts.ts';

const es = {
  title: 'Resumen de la política de privacidad',
  description:
    'Resumen de la política de privacidad de Velada: qué datos trata, cuánto tiempo los guarda y cómo ejercer tus derechos. Rige el texto completo en español.',
  version: 'Resumen del texto actualizado el {{date}}',
  noteTitle: 'Esto es un resumen.',
  noteText:
    'El texto que se aplica es el de las Políticas de privacidad en español, que prevalece ante cualquier diferencia con este resumen.',
  fullLink: 'Leer las Políticas de privacidad completas (en español)',
  lead: 'Velada trata los datos personales según la Ley 25.326 de Protección de los Datos Personales: pide solo los necesarios, los usa solo para los fines que informa, no los vende ni los alquila a nadie y los guarda solo durante plazos fijos.',

  visitorsTitle: 'Si visitás el sitio',
  browserOnly:
    'Tu confirmación de mayoría de edad y tu elección sobre cookies se guardan en tu propio navegador; la confirmación de edad no se envía a los servidores de Velada.',
  statistics: 'Estadísticas, solo si las aceptás en el aviso de cookies:',
  statisticsText:
    'páginas vistas, tiempo de permanencia, sitio de origen, dispositivo y navegador, con identificadores aleatorios que no revelan quién sos y sin tu dirección IP. Los eventos sin procesar se conservan 13 meses.',
  marketing: 'Marketing, también solo con tu consentimiento:',
  marketingText: 'hoy Velada no carga servicios publicitarios de terceros.',
  changeBefore: 'Podés cambiar tu elección cuando quieras desde',
  changeAfter:
    ', al pie de cada página: si retirás el consentimiento a las estadísticas, tus visitas dejan de registrarse desde ese momento.',
  messages:
    'Si enviás una denuncia o un mensaje de contacto, lo que escribas solo lo ve el equipo de Velada, para revisar el caso y responderte.',

  advertisersTitle: 'Si publicás anuncios',
  account: 'Cuenta:',
  accountText:
    'correo electrónico y contraseña (guardada de forma irreversible), y los registros de acceso necesarios para la seguridad de la cuenta.',
  identity: 'Verificación de identidad:',
  identityText:
    'nombre completo, fecha de nacimiento, número de DNI y, según el método, número de trámite y sexo tal como figura en el documento, fotos del DNI y una selfie sosteniéndolo. La edad se muestra en el anuncio; la fecha de nacimiento completa no se publica.',
  ads: 'Anuncios:',
  adsText:
    'lo que publicás es público una vez aprobado. El teléfono se muestra solo cuando alguien lo pide con su botón. Las fotos pierden sus metadatos (como la ubicación GPS) y el archivo original no se conserva.',
  payments: 'Pagos:',
  paymentsText: 'plan elegido, importe, medio de pago, código de referencia y, si lo adjuntás, el comprobante de transferencia.',

  retentionTitle: 'Documentos de identidad y plazos',
  documents:
    'Las fotos del DNI y las selfies de verificación se guardan cifradas (AES-256-GCM, con la clave separada de los archivos), nunca se sirven desde una dirección pública y solo las ve el personal autorizado para las verificaciones. Cada acción del personal queda registrada en un registro de auditoría.',
  documentsDeleted:
    'Se borran {{days}} días después de que el equipo decide sobre ellas, aprobadas o rechazadas, y en tu cuenta ves la fecha del borrado. Se conservan el resultado, la fecha, quién revisó y los datos declarados (nombre, fecha de nacimiento y número de DNI).',
  retention:
    'Otros plazos: datos de acceso y de la cuenta, 5 años; datos de los anuncios, 5 años desde su baja; planes y pagos, 10 años. Al vencer, los datos se eliminan o se anonimizan.',

  sharingTitle: 'Quién ve tus datos',
  public: 'El público:',
  publicText: 'solo el contenido de los anuncios publicados.',
  providers: 'Proveedores:',
  providersText:
    'alojamiento, envío de correos y MercadoPago si pagás con esa plataforma, solo en la medida necesaria y con obligación de confidencialidad; fuera de la Argentina, con un nivel de protección adecuado.',
  authorities: 'Autoridades:',
  authoritiesText:
    'cuando una ley o una orden judicial lo exige, o ante indicios de participación de menores de edad o de trata de personas.',
  noSale: 'Velada no vende, no alquila ni cede datos personales con fines comerciales.',

  rightsTitle: 'Tus derechos y cómo ejercerlos',
  rightsIntro: 'La ley te da los derechos llamados ARCO:',
  access: 'Acceso:',
  accessText:
    'saber qué datos tuyos trata Velada. Respuesta dentro de los 10 días corridos; es gratuito a intervalos de no menos de seis meses, salvo que acredites un interés legítimo.',
  rectification: 'Rectificación:',
  rectificationText: 'corregir datos inexactos o incompletos. Respuesta dentro de los 5 días hábiles.',
  deletion: 'Cancelación:',
  deletionText: 'pedir que se eliminen tus datos. Respuesta dentro de los 5 días hábiles.',
  objection: 'Oposición:',
  objectionText: 'oponerte a ciertos usos, como las estadísticas.',
  howBefore: 'Con cuenta de anunciante, podés descargar tus datos y eliminar la cuenta cuando quieras desde',
  howMiddle: '. Para cualquier otro pedido, escribí a',
  howAfter: '; Velada puede pedirte que acredites tu identidad antes de responder.',
  kept: 'Lo que la ley obliga a conservar (la facturación, por ejemplo) queda bloqueado y solo se usa para cumplir esa obligación. Un anuncio denunciado ante indicios de un delito, como la trata o la participación de menores, se conserva para las autoridades aunque se elimine, mientras sea necesario.',
  complaint:
    'Si considerás que Velada no te respondió adecuadamente, podés presentar un reclamo ante la Agencia de Acceso a la Información Pública.',
} as const;

const pt = {
  title: 'Resumo da política de privacidade',
  description:
    'Resumo da política de privacidade da Velada: quais dados ela trata, por quanto tempo os guarda e como exercer os seus direitos. Vale o texto completo em espanhol.',
  version: 'Resumo do texto atualizado em {{date}}',
  noteTitle: 'Isto é um resumo.',
  noteText:
    'O texto que se aplica é o das Políticas de privacidade em espanhol, que prevalece em caso de qualquer diferença com este resumo.',
  fullLink: 'Ler as Políticas de privacidade completas (em espanhol)',
  lead: 'A Velada trata os dados pessoais segundo a Ley 25.326 (lei argentina de proteção de dados pessoais): pede só os necessários, usa-os só para as finalidades que informa, não os vende nem os aluga a ninguém e os guarda só por prazos definidos.',

  visitorsTitle: 'Se você visita o site',
  browserOnly:
    'A sua confirmação de maioridade e a sua escolha sobre cookies ficam guardadas no seu próprio navegador; a confirmação de idade não é enviada aos servidores da Velada.',
  statistics: 'Estatísticas, só se você aceitar no aviso de cookies:',
  statisticsText:
    'páginas vistas, tempo de permanência, site de origem, dispositivo e navegador, com identificadores aleatórios que não revelam quem você é e sem o seu endereço IP. Os eventos brutos são guardados por 13 meses.',
  marketing: 'Marketing, também só com o seu consentimento:',
  marketingText: 'hoje a Velada não carrega serviços de publicidade de terceiros.',
  changeBefore: 'Você pode mudar a sua escolha quando quiser em',
  changeAfter:
    ', no rodapé de todas as páginas: se retirar o consentimento às estatísticas, as suas visitas deixam de ser registradas a partir desse momento.',
  messages:
    'Se você enviar uma denúncia ou uma mensagem de contato, o que escrever só é visto pela equipe da Velada, para analisar o caso e responder.',

  advertisersTitle: 'Se você publica anúncios',
  account: 'Conta:',
  accountText: 'e-mail e senha (guardada de forma irreversível), e os registros de acesso necessários para a segurança da conta.',
  identity: 'Verificação de identidade:',
  identityText:
    'nome completo, data de nascimento, número do DNI (o documento de identidade argentino) e, conforme o método, o número de trâmite e o sexo como consta no documento, fotos do DNI e uma selfie segurando-o. A idade aparece no anúncio; a data de nascimento completa não é publicada.',
  ads: 'Anúncios:',
  adsText:
    'o que você publica é público depois de aprovado. O telefone só aparece quando alguém o pede pelo botão. As fotos perdem os seus metadados (como a localização GPS) e o arquivo original não é guardado.',
  payments: 'Pagamentos:',
  paymentsText: 'plano escolhido, valor, meio de pagamento, código de referência e, se você anexar, o comprovante de transferência.',

  retentionTitle: 'Documentos de identidade e prazos',
  documents:
    'As fotos do DNI e as selfies de verificação são guardadas criptografadas (AES-256-GCM, com a chave separada dos arquivos), nunca ficam em um endereço público e só são vistas pela equipe autorizada a fazer verificações. Cada ação da equipe fica anotada em um registro de auditoria.',
  documentsDeleted:
    'Elas são apagadas {{days}} dias depois que a equipe decide sobre elas, aprovadas ou recusadas, e na sua conta você vê a data em que são apagadas. Ficam guardados o resultado, a data, quem analisou e os dados declarados (nome, data de nascimento e número do DNI).',
  retention:
    'Outros prazos: dados de acesso e da conta, 5 anos; dados dos anúncios, 5 anos depois da sua retirada; planos e pagamentos, 10 anos. Ao fim de cada prazo, os dados são apagados ou anonimizados.',

  sharingTitle: 'Quem vê os seus dados',
  public: 'O público:',
  publicText: 'só o conteúdo dos anúncios publicados.',
  providers: 'Fornecedores:',
  providersText:
    'hospedagem, envio de e-mails e o MercadoPago, se você pagar por essa plataforma, só na medida necessária e com dever de confidencialidade; fora da Argentina, com um nível de proteção adequado.',
  authorities: 'Autoridades:',
  authoritiesText:
    'quando uma lei ou uma ordem judicial exige, ou diante de indícios de participação de menores de idade ou de tráfico de pessoas.',
  noSale: 'A Velada não vende, não aluga nem cede dados pessoais para fins comerciais.',

  rightsTitle: 'Os seus direitos e como exercê-los',
  rightsIntro: 'A lei dá a você os direitos chamados ARCO (sigla em espanhol de acesso, retificação, cancelamento e oposição):',
  access: 'Acesso:',
  accessText:
    'saber quais dados seus a Velada trata. Resposta em até 10 dias corridos; é gratuito em intervalos de no mínimo seis meses, salvo se você comprovar um interesse legítimo.',
  rectification: 'Retificação:',
  rectificationText: 'corrigir dados inexatos ou incompletos. Resposta em até 5 dias úteis.',
  deletion: 'Cancelamento:',
  deletionText: 'pedir que os seus dados sejam apagados. Resposta em até 5 dias úteis.',
  objection: 'Oposição:',
  objectionText: 'opor-se a certos usos, como as estatísticas.',
  howBefore: 'Com uma conta de anunciante, você pode baixar os seus dados e excluir a conta quando quiser em',
  howMiddle: '. Para qualquer outro pedido, escreva para',
  howAfter: '; a Velada pode pedir que você comprove a sua identidade antes de responder.',
  kept: 'O que a lei obriga a guardar (o faturamento, por exemplo) fica bloqueado e só é usado para cumprir essa obrigação. Um anúncio denunciado com indícios de crime, como tráfico de pessoas ou participação de menores, é guardado para as autoridades mesmo que seja excluído, enquanto for necessário.',
  complaint:
    'Se achar que a Velada não respondeu adequadamente, você pode fazer uma reclamação à Agencia de Acceso a la Información Pública (a autoridade argentina de proteção de dados).',
} as const satisfies Texts<typeof es>;

const en = {
  title: 'Summary of the privacy policy',
  description:
    'A summary of the privacy policy of Velada: what data it handles, how long it keeps them and how to exercise your rights. The full Spanish text is the one that applies.',
  version: 'Summary of the text as updated on {{date}}',
  noteTitle: 'This is a summary.',
  noteText: 'The Privacy policy in Spanish is the text that applies, and it prevails over this summary in case of any difference.',
  fullLink: 'Read the full Privacy policy (in Spanish)',
  lead: 'Velada handles personal data under Ley 25.326 (Argentina’s personal data protection law): it asks only for what it needs, uses data only for the purposes it states, never sells or rents them to anyone, and keeps them only for set periods.',

  visitorsTitle: 'If you visit the site',
  browserOnly:
    'Your confirmation that you are 18 or older and your cookie choice are kept in your own browser; the age confirmation is not sent to Velada’s servers.',
  statistics: 'Statistics, only if you accept them in the cookie notice:',
  statisticsText:
    'pages viewed, time spent, the site you came from, device and browser, with random identifiers that do not reveal who you are and without your IP address. Raw events are kept for 13 months.',
  marketing: 'Marketing, also only with your consent:',
  marketingText: 'Velada currently loads no third-party advertising services.',
  changeBefore: 'You can change your choice at any time with',
  changeAfter: ', at the foot of every page: if you withdraw your consent to statistics, your visits stop being recorded from then on.',
  messages: 'If you send a report or a contact message, only the Velada team sees what you write, to review the case and answer you.',

  advertisersTitle: 'If you publish ads',
  account: 'Account:',
  accountText: 'email address and password (stored irreversibly), and the access records needed to keep the account secure.',
  identity: 'Identity verification:',
  identityText:
    'full name, date of birth, DNI number (the Argentine identity card) and, depending on the method, the procedure number and sex as shown on the card, photos of the DNI and a selfie holding it. The ad shows your age; your full date of birth is not published.',
  ads: 'Ads:',
  adsText:
    'what you publish is public once approved. The phone number is shown only when someone asks for it with its button. Photos are stripped of their metadata (such as GPS location), and the original file is not kept.',
  payments: 'Payments:',
  paymentsText: 'the plan chosen, the amount, the means of payment, the reference code and, if you attach it, the transfer receipt.',

  retentionTitle: 'Identity documents and retention periods',
  documents:
    'Photos of the DNI and verification selfies are stored encrypted (AES-256-GCM, with the key kept apart from the files), are never served from a public address, and only staff authorised for verifications can see them. Every staff action is recorded in an audit log.',
  documentsDeleted:
    'They are deleted {{days}} days after the team decides on them, whether approved or rejected, and your account shows the date they are deleted. What is kept is the result, its date, who reviewed it and the details you declared (name, date of birth and DNI number).',
  retention:
    'Other periods: access and account data, 5 years; ad data, 5 years after the ad is removed; plans and payments, 10 years. At the end of each period, the data are deleted or anonymised.',

  sharingTitle: 'Who sees your data',
  public: 'The public:',
  publicText: 'only the contents of published ads.',
  providers: 'Service providers:',
  providersText:
    'hosting, email delivery and MercadoPago if you pay with it, only as far as needed and bound to confidentiality; outside Argentina, with an adequate level of protection.',
  authorities: 'Authorities:',
  authoritiesText: 'when a law or a court order requires it, or when there are signs of human trafficking or of minors being involved.',
  noSale: 'Velada does not sell, rent or hand over personal data for commercial purposes.',

  rightsTitle: 'Your rights and how to exercise them',
  rightsIntro: 'The law gives you the rights known as ARCO (the Spanish initials of access, rectification, cancellation and objection):',
  access: 'Access:',
  accessText:
    'to know what data of yours Velada handles. Answered within 10 calendar days; free of charge at intervals of no less than six months, unless you show a legitimate interest.',
  rectification: 'Rectification:',
  rectificationText: 'to correct inaccurate or incomplete data. Answered within 5 working days.',
  deletion: 'Cancellation:',
  deletionText: 'to have your data deleted. Answered within 5 working days.',
  objection: 'Objection:',
  objectionText: 'to object to certain uses, such as statistics.',
  howBefore: 'With an advertiser account, you can download your data and delete the account at any time from',
  howMiddle: '. For any other request, write to',
  howAfter: '; Velada may ask you to prove your identity before answering.',
  kept: 'What the law requires to be kept (billing, for example) is blocked and used only to meet that obligation. An ad reported with signs of a crime, such as human trafficking or the involvement of minors, is kept for the authorities even if it is deleted, for as long as needed.',
  complaint:
    'If you think Velada did not answer you properly, you can file a complaint with the Agencia de Acceso a la Información Pública (Argentina’s data protection authority).',
} as const satisfies Texts<typeof es>;

export const privacySummary = { es, pt, en };
