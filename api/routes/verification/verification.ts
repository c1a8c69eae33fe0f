// An advertiser's identity verification request: the claim (name, birth date and, for renaper, DNI, trámite and
// gender) and the documents, each re-encoded (orientation applied, metadata gone) and encrypted before it
// touches the disk. The request waits for staff; the advertiser's status becomes 'pending'.
import type { Knex } from 'knex';
import { z } from 'zod';
import { ageFrom } from '#shared/dates.ts';
import { recordVerificationRequest, verificationStatusOf } from '#db/queries/advertiser-verification.ts';
import { checkedImage, encodeDocument } from '#api/services/uploaded-image.ts';
import type { MultipartForm } from '#api/http/read-multipart.ts';
import { imageJobs } from '#api/services/image-jobs.ts';
import { deleteDocument, storeDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers, type ObjectStore } from '#api/services/object-store/object-store.ts';
import { staffReview, type IdentityProvider } from '#api/services/identity-provider.ts';

export const MIN_AGE = 18;
export type DocumentKind = 'dni_front' | 'dni_back' | 'selfie';

/** The files each method needs, with the form field that carries them and how to name them in messages. */
export const DOCUMENTS: Record<'renaper' | 'manual', { kind: DocumentKind; field: string; label: string }[]> = {
  renaper: [{ kind: 'selfie', field: 'selfie', label: 'la selfie con tu DNI' }],
  manual: [
    { kind: 'dni_front', field: 'dniFront', label: 'la foto del frente del DNI' },
    { kind: 'dni_back', field: 'dniBack', label: 'la foto del dorso del DNI' },
    { kind: 'selfie', field: 'selfie', label: 'la selfie con tu DNI' },
  ],
};

const adult = (now: Date) =>
  z.iso
    .date('Ingresá tu fecha de nacimiento.')
    .refine((d) => ageFrom(d, now) >= MIN_AGE, 'Tenés que ser mayor de 18 años para publicar en Velada.')
    .refine((d) => ageFrom(d, now) <= 100, 'Revisá el año de tu fecha de nacimiento.');

export const claimSchema = (now = new Date()) =>
  z.discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('renaper'),
        fullName: z.string().trim().min(3, 'Escribí tu nombre y apellido como figuran en el DNI.').max(120),
        birthDate: adult(now),
        dni: z
          .string()
          .trim()
          .regex(/^\d{7,8}$/, 'El DNI debe tener 7 u 8 números, sin puntos.'),
        tramite: z
          .string()
          .trim()
          .regex(/^\d{11,14}$/, 'El número de trámite debe tener entre 11 y 14 números.'),
        gender: z.enum(['M', 'F', 'X'], 'Elegí el género que figura en tu DNI.'),
      }),
      z.object({
        method: z.literal('manual'),
        fullName: z.string().trim().min(3, 'Escribí tu nombre y apellido como figuran en el DNI.').max(120),
        birthDate: adult(now),
      }),
    ],
    'Elegí un método de verificación: RENAPER o revisión manual.',
  );
export type Claim = z.output<ReturnType<typeof claimSchema>>;

/** Checks every document of the method (the first problem is a 400 naming its field), then re-encodes them. */
export async function readDocuments(form: MultipartForm, method: Claim['method']): Promise<{ kind: DocumentKind; jpeg: Buffer }[]> {
  const checked: { kind: DocumentKind; bytes: Buffer }[] = [];
  for (const doc of DOCUMENTS[method])
    checked.push({ kind: doc.kind, bytes: await checkedImage(form.file(doc.field)?.bytes, doc.field, doc.label) });
  // One image job for the whole set (it is one upload), each document decoded once.
  return imageJobs.run(async () => {
    const documents = [];
    for (const { kind, bytes } of checked) {
      documents.push({ kind, jpeg: await encodeDocument(bytes) });
    }
    return documents;
  });
}

export type SubmitResult = { requestId: number } | 'already_pending' | 'already_verified';

export async function submitVerification(
  db: Knex,
  vault: { store: ObjectStore; key: Buffer },
  advertiserId: number,
  claim: Claim,
  documents: { kind: DocumentKind; jpeg: Buffer }[],
  options: { provider?: IdentityProvider; now?: Date } = {},
): Promise<SubmitResult> {
  const now = options.now ?? new Date();
  const status = await verificationStatusOf(db, advertiserId);
  if (status === 'pending') return 'already_pending';
  if (status === 'verified') return 'already_verified';
  await (options.provider ?? staffReview).check(claim);

  const stored: { kind: DocumentKind; fileKey: string; bytes: number }[] = [];
  try {
    for (const doc of documents)
      stored.push({ kind: doc.kind, fileKey: await storeDocument(vault.store, vault.key, doc.jpeg), bytes: doc.jpeg.length });
    const renaper = claim.method === 'renaper';
    const recorded = await recordVerificationRequest(
      db,
      {
        advertiserId,
        method: claim.method,
        fullName: claim.fullName,
        birthDate: claim.birthDate,
        dni: renaper ? claim.dni : null,
        tramite: renaper ? claim.tramite : null,
        gender: renaper ? claim.gender : null,
        documents: stored,
      },
      now,
    );
    if (recorded === 'already_pending') await deleteStored(vault.store, stored);
    return recorded;
  } catch (err) {
    // Nothing recorded: no encrypted file stays behind without its row.
    await deleteStored(vault.store, stored);
    throw err;
  }
}

const deleteStored = (store: ObjectStore, stored: { fileKey: string }[]) =>
  deleteLeftovers(stored.map((d) => deleteDocument(store, d.fileKey)));
