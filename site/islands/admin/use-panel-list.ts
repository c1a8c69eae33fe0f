// A list a panel section loads by itself (Anuncios, Denuncias, Mensajes, Registro de actividad): fetched when
// the section opens, when its address (filters) changes and on 'Actualizar' (reloadToken); a 401 goes back to
// the login. No automatic refetch, no retries, as the seed's fetcher.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, getData, serverMessage } from '../../lib/admin-api.ts';

/** onUnauthorized must be stable. */
export function usePanelList<T>(path: string, reloadToken: number, onUnauthorized: () => void, failure: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setItems(await getData<T[]>(path));
      setError(null);
    } catch (err) {
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
