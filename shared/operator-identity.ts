// Who runs the site, as the footer names it (Argentine consumer law, docs/decisions/062-operator-identity.md): razón
// social, CUIT and domicilio from PUBLIC_OPERATOR_* settings. Read at build time by the footer and at start by the
// server, which checks them with the same rules.

/** The settings, in the order the footer shows them. */
export const OPERATOR_SETTINGS = {
  name: 'PUBLIC_OPERATOR_NAME',
  cuit: 'PUBLIC_OPERATOR_CUIT',
  address: 'PUBLIC_OPERATOR_ADDRESS',
} as const;

export type OperatorField = keyof typeof OPERATOR_SETTINGS;

/** What is set of the identity; the CUIT written 30-12345678-1. */
export type OperatorIdentity = Partial<Record<OperatorField, string>>;

export const CUIT_MESSAGE =
  'must be a CUIT of 11 digits, with or without hyphens (30-12345678-1), whose last digit is its check digit (CUIT inválido: revisá los 11 números)';

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The 11 digits of a valid CUIT (AFIP's mod-11 check digit), or null. */
export function cuitDigits(value: string): string | null {
  const written = value.trim();
  if (!/^\d{2}-?\d{8}-?\d$/.test(written)) return null;
  const digits = written.replaceAll('-', '');
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  // 11 means 0; 10 is never issued (AFIP gives such a number another prefix instead).
  const expected = check === 11 ? 0 : check;
  return expected === Number(digits[10]) ? digits : null;
}

/** 30-12345678-1. */
export function formatCuit(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/**
 * The identity from the settings' values (unset or blank ones left out). An invalid CUIT throws: a build or a start
 * with it stops, saying what to fix.
 */
export function operatorIdentity(values: Partial<Record<OperatorField, string | undefined>>): OperatorIdentity {
  const identity: OperatorIdentity = {};
  const name = values.name?.trim();
  const address = values.address?.trim();
  if (name) identity.name = name;
  if (values.cuit?.trim()) {
    const digits = cuitDigits(values.cuit);
    if (!digits) throw new Error(`Invalid configuration: ${OPERATOR_SETTINGS.cuit} ${CUIT_MESSAGE}.`);
    identity.cuit = formatCuit(digits);
  }
  if (address) identity.address = address;
  return identity;
}

/** The settings of the identity that are not set, by name. */
export function missingOperatorSettings(identity: OperatorIdentity): string[] {
  return (Object.keys(OPERATOR_SETTINGS) as OperatorField[]).filter((f) => !identity[f]).map((f) => OPERATOR_SETTINGS[f]);
}

const LABELS: Record<OperatorField, string> = { name: 'Razón social', cuit: 'CUIT', address: 'Domicilio' };

export interface OperatorFact {
  field: OperatorField;
  label: string;
  value: string;
}

/** What the footer shows, one labelled fact ("CUIT: 30-12345678-1") per setting that is set; nothing when none is. */
export function operatorFacts(identity: OperatorIdentity): OperatorFact[] {
  return (Object.keys(OPERATOR_SETTINGS) as OperatorField[])
    .filter((f) => identity[f])
    .map((f) => ({ field: f, label: LABELS[f], value: identity[f]! }));
}
