// The identity verification's state as typed (kept in sessionStorage across a reload; files are not), its checks
// and the form it sends.
import { useEffect, useState } from 'react';
import { DNI_MESSAGE, DNI_PATTERN, dniDigits } from '#shared/identity-claim.ts';

export type Method = 'renaper' | 'manual';
type Step = 'method' | 'identity';
export interface Draft {
  method: Method | null;
  step: Step;
  fullName: string;
  birthDate: string;
  dni: string;
  tramite: string;
  gender: '' | 'M' | 'F' | 'X';
}
export const DRAFT_KEY = 'velada.verificacion';
const EMPTY: Draft = { method: null, step: 'method', fullName: '', birthDate: '', dni: '', tramite: '', gender: '' };
const SELFIE = { field: 'selfie', label: 'Selfie sosteniendo tu DNI', missing: 'Falta la selfie sosteniendo tu DNI.' };
export const FILES: Record<Method, { field: string; label: string; missing: string }[]> = {
  renaper: [SELFIE],
  manual: [
    { field: 'dniFront', label: 'Frente del DNI', missing: 'Falta la foto del frente del DNI.' },
    { field: 'dniBack', label: 'Dorso del DNI', missing: 'Falta la foto del dorso del DNI.' },
    SELFIE,
  ],
};
const MAX_BYTES = 5 * 1024 * 1024;

function loadDraft(initialName: string): Draft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null;
    if (saved && typeof saved === 'object') return { ...EMPTY, ...saved };
  } catch {
    /* a broken draft starts over */
  }
  return { ...EMPTY, fullName: initialName };
}

export type Files = Record<string, File | undefined>;

/** The first problem of each field, in the form's order. */
export function verificationErrors(draft: Draft, method: Method, files: Files): Record<string, string> {
  const found: Record<string, string> = {};
  if (draft.fullName.trim().length < 3) found.fullName = 'Escribí tu nombre y apellido como figuran en el DNI.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.birthDate)) found.birthDate = 'Ingresá tu fecha de nacimiento.';
  if (method === 'renaper') {
    if (!DNI_PATTERN.test(dniDigits(draft.dni))) found.dni = DNI_MESSAGE;
    if (!/^\d{11,14}$/.test(draft.tramite.trim())) found.tramite = 'El número de trámite debe tener entre 11 y 14 números.';
    if (!draft.gender) found.gender = 'Elegí el género que figura en tu DNI.';
  }
  for (const { field, missing } of FILES[method]) {
    const file = files[field];
    if (!file) found[field] = missing;
    else if (!['image/jpeg', 'image/png'].includes(file.type)) found[field] = 'El archivo debe ser una imagen JPG o PNG.';
    else if (file.size > MAX_BYTES) found[field] = 'La imagen pesa más de 5 MB.';
  }
  return found;
}

/** The multipart form POST /api/advertiser/verification takes. */
export function verificationForm(draft: Draft, method: Method, files: Files): FormData {
  const form = new FormData();
  form.set('method', method);
  form.set('fullName', draft.fullName.trim());
  form.set('birthDate', draft.birthDate);
  if (method === 'renaper') {
    form.set('dni', draft.dni.trim());
    form.set('tramite', draft.tramite.trim());
    form.set('gender', draft.gender);
  }
  for (const { field } of FILES[method]) form.set(field, files[field]!);
  return form;
}

/** The draft, restored after hydration and saved on every change until the verification is sent (`done`). */
export function useVerificationDraft(initialName: string, done: boolean) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, fullName: initialName }));
  const [restored, setRestored] = useState(false);
  // After hydration: the server rendered the empty first step, the saved draft (if any) takes over here. Saving
  // starts only then, or the first render would overwrite the draft it is about to restore.
  useEffect(() => {
    const timer = setTimeout(() => {
      setDraft(loadDraft(initialName));
      setRestored(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [initialName]);
  useEffect(() => {
    if (restored && !done) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }, [draft, done, restored]);
  return [draft, setDraft] as const;
}
