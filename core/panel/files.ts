// The sealed files staff open (identity documents, selfies, transfer receipts): the core says which file and records
// the view; reading and decrypting it is infrastructure the caller gives (api/services/identity-vault.ts).

export interface SealedFiles {
  /** The decrypted bytes of a stored file; `folder` is where it is kept ('receipts' for receipts). */
  read(fileKey: string, folder?: 'receipts'): Promise<Buffer>;
}
