// A list a panel section loads by itself (Anuncios, Denuncias, Mensajes, Registro de actividad): fetched when
// the section opens, when its address (filters) changes and on 'Actualizar' (reloadToken); a 401 goes back to
// the login. No automatic refetch, no retries, as the seed's fetcher.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, getData, serverMessage } from '#site/lib/admin-api.ts';

/** onUnauthorized must be stable. */
export function usePanelList<T>(path: string, reloadToken: number, onUnauthorized: () => void, failure: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Only the newest request may set the list: an answer for the unfiltered list that arrives after the
  // filtered one would otherwise show rows the filter excludes.
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const loaded = await getData<T[]>(path);
      if (request !== latest.current) return;
      setItems(loaded);
      setError(null);
    } catch (err) {
      if (request !== latest.current) return;
      if (err instanceof ApiError && err.status === 401) onUnauthorized();
      setError(serverMessage(err) ?? failure);
    }
  }, [path, onUnauthorized, failure]);
  useEffect(() => {
    const timer = setTimeout(() => void reload(), 0);
    return () => clearTimeout(timer);
  }, [reload, reloadToken]);
  return { items, error, reload };
}
