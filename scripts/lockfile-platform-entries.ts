// Adds the lockfile entries of platform-specific optional packages that the registry mirror used here does not
// serve (so npm leaves them out of package-lock.json, and `npm ci` then refuses the lockfile as out of sync).
// Each entry carries only version, os/cpu/libc and `optional`, which is what npm needs to skip it on other
// platforms. Run after any `npm install` that rewrites package-lock.json: node scripts/lockfile-platform-entries.ts
import fs from 'node:fs';

// name -> [os, cpu, libc] of the packages known to be missing; versions are taken from their parent's lock entry.
const PLATFORM_PACKAGES: Record<string, { parent: string; platforms: Record<string, [string[] | null, string[], string[] | null]> }> = {
  '@astrojs/compiler-binding': {
    parent: 'node_modules/@astrojs/compiler-binding',
    platforms: {
      'android-arm64': [['android'], ['arm64'], null],
      'darwin-arm64': [['darwin'], ['arm64'], null],
      'darwin-x64': [['darwin'], ['x64'], null],
      'linux-arm64-gnu': [['linux'], ['arm64'], ['glibc']],
      'linux-arm64-musl': [['linux'], ['arm64'], ['musl']],
      'wasm32-wasi': [null, ['wasm32'], null],
      'win32-arm64-msvc': [['win32'], ['arm64'], null],
      'win32-x64-msvc': [['win32'], ['x64'], null],
    },
  },
};

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
let added = 0;
for (const [name, { parent, platforms }] of Object.entries(PLATFORM_PACKAGES)) {
  const parentEntry = lock.packages[parent];
  if (!parentEntry) continue;
  for (const [suffix, [os, cpu, libc]] of Object.entries(platforms)) {
    const pkg = `${name}-${suffix}`;
    const version = parentEntry.optionalDependencies?.[pkg];
    const key = `node_modules/${pkg}`;
    if (!version || lock.packages[key]) continue;
    lock.packages[key] = { version, ...(cpu && { cpu }), optional: true, ...(os && { os }), ...(libc && { libc }) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} platform entries to package-lock.json.`);
