// Seals every stored identity document and transfer receipt with IDENTITY_KEY that IDENTITY_KEY_PREVIOUS sealed: the
// third step of rotating the key (docs/operations.md, "Rotating IDENTITY_KEY"). Reads the configured store (DATA_DIR,
// or the bucket of S3_BUCKET); rewrites each object whole, so a run cut short is run again. Prints counts only.
//   IDENTITY_KEY=<new> IDENTITY_KEY_PREVIOUS=<old> npm run identity:rekey
import { loadConfig } from '#api/config.ts';
import { openObjectStore } from '#api/services/object-store/object-store.ts';
import { readingKeys, resealDocuments } from '#api/services/identity-vault.ts';

const config = loadConfig();
if (!config.identityKey || !config.previousIdentityKey) {
  console.error('Set IDENTITY_KEY (the new key) and IDENTITY_KEY_PREVIOUS (the key it replaces).');
  process.exit(1);
}
const result = await resealDocuments(openObjectStore(config), readingKeys(config.identityKey, config.previousIdentityKey));
console.log(
  `Sealed again with IDENTITY_KEY: ${result.resealed}; already sealed with it: ${result.current}; opened by neither key: ${result.unreadable}.`,
);
if (result.unreadable > 0) {
  console.error('Some documents open with neither key: they were left as they are. Keep IDENTITY_KEY_PREVIOUS until they are explained.');
  process.exit(2);
}
