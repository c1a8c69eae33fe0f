// Dates in "Seguridad", in the project's Buenos Aires formats: '28/11/2026', and '28/11/2026 14:05' for a last use.
import { formatShortDate } from '#shared/photo-verification.ts';
import { formatClockTime } from '#shared/available-now.ts';

export { formatShortDate };
export const formatDayAndTime = (when: string) => `${formatShortDate(when)} ${formatClockTime(when)}`;
