// 'Buscar un número' in Alertas de seguridad (panel): a number someone asked about (a rectification, an abuse) and
// every alert on it, in any state. The number is sent to be hashed; it is not kept here or on the server.
import { useState, type FormEvent } from 'react';
import { ApiError, postData, serverMessage } from '#site/lib/admin-api.ts';
import type { SafetyAlertReview } from '#shared/contracts/staff/safety-alerts.ts';

type NumberSearch = ReturnType<typeof useNumberSearch>;

export function useNumberSearch(onUnauthorized: () => void) {
  const [searchPhone, setSearchPhone] = useState('');
  const [searched, setSearched] = useState<SafetyAlertReview[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  /** Runs the search (again, after an alert on the list changed). */
  const searchNumber = async () => {
    try {
      setSearched(await postData<SafetyAlertReview[]>('safety-alerts/by-number', { phone: searchPhone }));
      setSearchError(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) onUnauthorized();
      setSearched(null);
      setSearchError(serverMessage(err) ?? 'No se pudo buscar el número.');
    }
  };
  async function submitSearch(event: FormEvent) {
    event.preventDefault();
    if (searching) return;
    setSearching(true);
    await searchNumber();
    setSearching(false);
  }
  return {
    phone: searchPhone,
    setPhone: setSearchPhone,
    searched,
    error: searchError,
    searching,
    submit: submitSearch,
    searchAgain: searchNumber,
    clear() {
      setSearched(null);
      setSearchPhone('');
    },
  };
}

export function NumberSearchForm({ search }: { search: NumberSearch }) {
  return (
    <form className="panel__filters" onSubmit={search.submit} noValidate>
      <div className="field">
        <label htmlFor="safety-alerts-phone">Buscar un número</label>
        <input
          id="safety-alerts-phone"
          type="text"
          inputMode="tel"
          autoComplete="off"
          maxLength={300}
          value={search.phone}
          onChange={(e) => search.setPhone(e.target.value)}
          aria-invalid={search.error ? true : undefined}
          aria-describedby={search.error ? 'safety-alerts-phone-error' : undefined}
        />
        {search.error && (
          <p id="safety-alerts-phone-error" className="panel__error">
            {search.error}
          </p>
        )}
      </div>
      <div className="panel__row-actions">
        <button type="submit" className="btn btn-outline" disabled={search.searching}>
          Buscar
        </button>
        {search.searched && (
          <button type="button" className="btn btn-outline" onClick={search.clear}>
            Volver a la lista
          </button>
        )}
      </div>
    </form>
  );
}
