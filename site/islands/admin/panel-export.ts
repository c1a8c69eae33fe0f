// 'Exportar' downloads the list the open section shows: each section registers that list (its visible rows)
// while it is on screen, and the header's button turns it into a CSV file.
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { downloadCsv, type CsvTable } from '#site/lib/csv.ts';
import { showToast } from '#site/stores/toasts.ts';
import { todayStamp } from './labels.ts';

export interface PanelList extends CsvTable {
  /** File name part: velada-{name}-{date}.csv */
  name: string;
}

export const ExportListContext = createContext<(list: PanelList | null) => void>(() => {});

/** Makes `list` what 'Exportar' downloads while the calling section is shown. Pass a memoised value. */
export function useExportList(list: PanelList | null): void {
  const register = useContext(ExportListContext);
  useEffect(() => {
    register(list);
    return () => register(null);
  }, [register, list]);
}

/** The header's side: `register` for ExportListContext, and `download` for the button (a toast says what it did). */
export function useExportDownload() {
  const current = useRef<PanelList | null>(null);
  const register = useCallback((list: PanelList | null) => {
    current.current = list;
  }, []);
  function download() {
    const list = current.current;
    if (!list) {
      showToast({ title: 'Nada para exportar', description: 'Esperá a que carguen los datos de la sección.', variant: 'error' });
      return;
    }
    downloadCsv(`velada-${list.name}-${todayStamp()}.csv`, list);
    showToast({
      title: 'Exportación lista',
      description: `${list.rows.length} ${list.rows.length === 1 ? 'fila' : 'filas'} en CSV.`,
      variant: 'success',
    });
  }
  return { register, download };
}
