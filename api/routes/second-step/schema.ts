// What the second step's routes accept: a typed code (an app's six digits or a recovery code, pasted with spaces or
// dashes), WebAuthn's JSON answers as @simplewebauthn/browser sends them, and the advertiser's choice.
import { z } from 'zod';

export const codeBody = z.object({ code: z.string().trim().min(1, 'Escribí el código').max(40) });

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

/** A passkey's answer; the library checks its contents, this only its shape and size. */
export const passkeyBody = z.object({
  response: z.object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.union([z.string().max(8192), z.number().int(), z.array(z.string().max(32)).max(10)])),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
});

export const secondStepBody = z.object({ on: z.boolean() });

export const passkeyIdParams = z.object({ id: z.coerce.number().int().positive() });
