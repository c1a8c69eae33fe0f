// 'Exportar' downloads the list the open section shows: each section registers that list (its visible rows)
// while it is on screen, and the header's button turns it into a CSV file.
import { createContext, useContext, useEffect } from 'react';
import type { CsvTable } from '#site/lib/csv.ts';

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
