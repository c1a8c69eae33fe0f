import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOperatorDiffers, buildOriginDiffers, buildRefusesImagesFrom } from './static-site.ts';
import { imageSources } from '#shared/photo-urls.ts';
import { escapeHtml } from '#shared/html.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A build whose home carries the policy Astro writes from astro.config.mjs for this MEDIA_PUBLIC_URL. */
function buildFor(mediaPublicUrl?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-build-'));
  dirs.push(dir);
  const policy = `default-src &#39;self&#39;; img-src ${imageSources(mediaPublicUrl).replaceAll("'", '&#39;')}; object-src &#39;none&#39;`;
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<html><head><meta http-equiv="content-security-policy" content="${policy}"></head></html>`,
  );
  return dir;
}

describe('a start with MEDIA_PUBLIC_URL', () => {
  it('is refused when the build would block its photos, with one line saying how to fix it', () => {
    const reason = buildRefusesImagesFrom(buildFor(), 'https://media.velada.com.ar/ads');
    expect(reason).toMatch(/MEDIA_PUBLIC_URL=https:\/\/media\.velada\.com\.ar\/ads.*npm run build/);
    expect(reason).not.toContain('\n');
    expect(buildRefusesImagesFrom(buildFor('https://otro.cdn.example/ads'), 'https://media.velada.com.ar/ads')).not.toBeNull();
  });

  it('goes ahead when the build allows the origin', () => {
    expect(buildRefusesImagesFrom(buildFor('https://media.velada.com.ar/ads'), 'https://media.velada.com.ar/otra/ruta')).toBeNull();
  });
});

describe('the origin the build names', () => {
  const buildNaming = (canonical: string | null) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-build-'));
    dirs.push(dir);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<html><head>${canonical ? `<link rel="canonical" href="${canonical}">` : ''}</head></html>`,
    );
    return dir;
  };

  it("is a one-line warning when it is not the server's", () => {
    const warning = buildOriginDiffers(buildNaming('http://localhost:3000/'), 'https://velada.com.ar');
    expect(warning).toMatch(/PUBLIC_ORIGIN=http:\/\/localhost:3000, not https:\/\/velada\.com\.ar.*npm run build/);
    expect(warning).not.toContain('\n');
  });

  it('is nothing when it is the same, or when the build names none', () => {
    expect(buildOriginDiffers(buildNaming('https://velada.com.ar/'), 'https://velada.com.ar')).toBeNull();
    expect(buildOriginDiffers(buildNaming(null), 'https://velada.com.ar')).toBeNull();
  });
});

describe("the operator's identity the build shows", () => {
  /** A home showing these texts as Astro writes them (escaped). */
  const buildShowing = (...texts: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velada-build-'));
    dirs.push(dir);
    const shown = texts.map((text) => `<span>${escapeHtml(text)}</span>`).join('');
    fs.writeFileSync(path.join(dir, 'index.html'), `<html><body><footer><p>${shown}</p></footer></body></html>`);
    return dir;
  };
  const operator = { name: "O'Higgins & Asociados S.R.L.", cuit: '30-12345678-1', address: 'Av. Corrientes 1234, CABA' };

  it('is nothing when the footer shows what the server is configured with, or when nothing is configured', () => {
    const shown = [`Razón social: ${operator.name}`, 'CUIT: 30-12345678-1', `Domicilio: ${operator.address}`];
    expect(buildOperatorDiffers(buildShowing(...shown), operator)).toBeNull();
    expect(buildOperatorDiffers(buildShowing(), {})).toBeNull();
  });

  it('is a one-line warning naming the settings the build lacks or shows otherwise, without their values', () => {
    // The address elsewhere on the page, without its label, is not the footer's fact.
    const warning = buildOperatorDiffers(buildShowing(`Razón social: ${operator.name}`, 'CUIT: 30-99999999-1', operator.address), operator);
    expect(warning).toMatch(
      /^Warning: the site was built without the server's PUBLIC_OPERATOR_CUIT, PUBLIC_OPERATOR_ADDRESS: .*npm run build/,
    );
    expect(warning).not.toContain(operator.address);
    expect(warning).not.toContain('\n');
  });
});
