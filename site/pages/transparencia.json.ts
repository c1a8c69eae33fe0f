// The transparency report's figures as JSON (/transparencia.json, linked from /transparencia): the same report the
// page shows, durations in milliseconds, months 'YYYY-MM' in Buenos Aires time. Counts only: no identifier.
import type { APIRoute } from 'astro';
import { cachedTransparencyReport } from '#core/transparency/transparency-report.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const report = await cachedTransparencyReport(locals.db);
  return new Response(JSON.stringify(report, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // The same for everyone (no cookie read): shared caches may keep it as long as the server does.
      'Cache-Control': 'public, max-age=600',
      'Content-Disposition': 'inline; filename="velada-transparencia.json"',
    },
  });
};
