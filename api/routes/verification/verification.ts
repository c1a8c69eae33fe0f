// The identity verification form's files: which documents each method needs, how each is checked and re-encoded
// (orientation applied, metadata gone) before the core seals it (core/verification/submit-verification.ts), and the
// vault it is sealed in.
import type { MultipartForm } from '#api/http/read-multipart.ts';
import { checkedImage, encodeDocument } from '#api/services/uploaded-image.ts';
import { imageJobs } from '#api/services/image-jobs.ts';
import { deleteDocument, storeDocument } from '#api/services/identity-vault.ts';
import { deleteLeftovers, type ObjectStore } from '#api/services/object-store/object-store.ts';
import type { DocumentVault } from '#core/verification/submit-verification.ts';
import type { Claim, DocumentKind } from '#shared/identity-claim.ts';

/** The files each method needs, with the form field that carries them and how to name them in messages. */
export const DOCUMENTS: Record<Claim['method'], { kind: DocumentKind; field: string; label: string }[]> = {
  renaper: [{ kind: 'selfie', field: 'selfie', label: 'la selfie con tu DNI' }],
  manual: [
    { kind: 'dni_front', field: 'dniFront', label: 'la foto del frente del DNI' },
    { kind: 'dni_back', field: 'dniBack', label: 'la foto del dorso del DNI' },
    { kind: 'selfie', field: 'selfie', label: 'la selfie con tu DNI' },
  ],
};

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

/** The identity vault as the core uses it: documents encrypted with `key` in `store`. */
export const identityVault = (store: ObjectStore, key: Buffer): DocumentVault => ({
  seal: (jpeg) => storeDocument(store, key, jpeg),
  discard: (fileKeys) => deleteLeftovers(fileKeys.map((fileKey) => deleteDocument(store, fileKey))),
});
