// What the tracker may send, with a limit on every field. Unknown fields are ignored; wrong ones are a 400
// that names the field (api/middleware/errors.ts).
// The three bodies are compiled (z.compile): a generated check runs first and, for any input it does not accept,
// zod's own parser runs as usual, so results and error messages stay zod's. At thousands of beacons a second the
// interpreted parse was a tenth of the serving thread.
import { z } from 'zod';
import { CONSENT_TYPES } from '#shared/analytics-kinds.ts';

const id = z.uuid();
const pageUrl = z.url({ protocol: /^https?$/ }).max(2048);
/** Text without control characters (PostgreSQL refuses NUL in text; the panel has no use for the rest). */
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'control characters');
/** Counts and lengths arrive as numbers; fractions are rounded, not refused. */
const count = (max: number) => z.number().min(0).max(max).transform(Math.round);

const consentSchema = z.object({
  visitorId: id.nullable().optional(),
  consentGiven: z.boolean(),
  consentType: z.enum(CONSENT_TYPES),
});

const attribution = plainText(100).trim().toLowerCase().min(1);
/** An optional field sent empty (`campaign: ""`) counts as not sent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const pageviewSchema = z.object({
  eventType: z.literal('pageview'),
  visitorId: id,
  sessionId: id,
  pageUrl,
  pageTitle: plainText(300),
  referrer: z.union([z.literal('direct'), z.url({ protocol: /^https?$/ }).max(2048)]),
  userAgent: optional(z.string().max(512)),
  screenResolution: optional(z.string().regex(/^\d{1,5}x\d{1,5}$/)),
  source: attribution,
  medium: attribution,
  campaign: optional(attribution.nullable()),
});

const pageexitSchema = z.object({
  eventType: z.literal('pageexit'),
  visitorId: id,
  sessionId: id,
  pageUrl,
  timeOnPage: count(24 * 60 * 60),
  clickCount: count(100_000),
  scrollDepth: count(100),
});

const trackSchema = z.discriminatedUnion('eventType', [pageviewSchema, pageexitSchema]);

/** Custom event data: a flat-ish JSON object, at most 2 KB once serialized. */
const eventData = z
  .record(plainText(64), z.union([plainText(500), z.number(), z.boolean(), z.null()]))
  .refine((data) => JSON.stringify(data).length <= 2048, 'too large')
  .nullable()
  .optional();

const eventSchema = z.object({
  visitorId: id,
  sessionId: id,
  eventName: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  eventData,
  pageUrl,
  // Checked for shape only: the server's clock dates every event.
  timestamp: z.iso.datetime({ offset: true }),
});

export const consentBody = z.compile(consentSchema);
export const trackBody = z.compile(trackSchema);
export const eventBody = z.compile(eventSchema);
