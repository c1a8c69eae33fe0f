// The sealed files staff open (identity documents, selfies, receipts), read with the identity key the configuration
// holds. Without the key nothing can be read: the given refusal (a 503) is thrown when a file is asked for.
import type { RouterDeps } from '#api/deps.ts';
import type { HttpError } from '#api/errors.ts';
import { readDocument, readingKeys } from '#api/services/identity-vault.ts';
import type { SealedFiles } from '#core/panel/files.ts';

export function sealedFiles(deps: RouterDeps, unreadable: () => HttpError): SealedFiles {
  return {
    read(fileKey, folder) {
      const { identityKey, previousIdentityKey } = deps.config;
      if (!identityKey) throw unreadable();
      return readDocument(deps.store, readingKeys(identityKey, previousIdentityKey), fileKey, folder);
    },
  };
}
