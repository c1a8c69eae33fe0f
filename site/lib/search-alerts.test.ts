// What "Avisame de nuevos avisos" says when alerts could not be turned on: a Spanish page shows the API's own
// (Spanish) message; Portuguese and English pages say what its error code means, in their language.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { AlertRefusal, alertFailureText } from './search-alerts.ts';
import { searchAlerts } from '#shared/i18n/messages/search-alerts.ts';

const apiError = (status: number, code: string, message = 'Un mensaje del servidor.') => new ApiError(status, { code, message });

describe('alertFailureText', () => {
  it('shows the API’s message on a Spanish page', () => {
    expect(alertFailureText(apiError(429, 'too_many_requests', 'Creaste muchos avisos.'), 'es')).toBe('Creaste muchos avisos.');
    expect(alertFailureText(new ApiError(0, undefined), 'es')).toBe(searchAlerts.es.network);
  });

  it('says what the code means on a Portuguese or English page', () => {
    expect(alertFailureText(apiError(409, 'too_many_alerts'), 'en')).toBe(
      'You already have 10 searches with alerts on this device. Turn one off to add another.',
    );
    expect(alertFailureText(apiError(429, 'too_many_requests'), 'pt')).toBe(searchAlerts.pt.tooManyRequests);
    expect(alertFailureText(apiError(400, 'invalid_subscription'), 'pt')).toBe(searchAlerts.pt.invalidSubscription);
    expect(alertFailureText(apiError(400, 'invalid_input'), 'en')).toBe(searchAlerts.en.invalidSubscription);
    expect(alertFailureText(new ApiError(0, undefined), 'en')).toBe(searchAlerts.en.network);
    expect(alertFailureText(apiError(503, 'busy'), 'en')).toBe(searchAlerts.en.failed);
  });

  it('shows its own refusals as they are, and anything else as a failure', () => {
    expect(alertFailureText(new AlertRefusal(searchAlerts.en.allow), 'en')).toBe(searchAlerts.en.allow);
    expect(alertFailureText(new TypeError('x is undefined'), 'pt')).toBe(searchAlerts.pt.failed);
  });
});
