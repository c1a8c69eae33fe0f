// The topics of the contact form, as the form offers them and the panel shows them.
export const CONTACT_TOPICS = [
  { value: 'consulta', label: 'Consulta general' },
  { value: 'soporte', label: 'Ayuda con mi cuenta o mi aviso' },
  { value: 'pagos', label: 'Pagos y planes' },
  { value: 'datos', label: 'Mis datos personales (acceso, rectificación, supresión)' },
  { value: 'otro', label: 'Otro' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];
