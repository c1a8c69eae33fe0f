// The data the panel loads for its sections in one go (statistics, subscribers, payments, bank accounts, analytics,
// settings, administrators): each list only where this admin may read it. Loaded on opening and on 'Actualizar'.
import { useCallback, useState } from 'react';
import { ApiError, getData } from '#site/lib/admin-api.ts';
import type { AdministratorItem } from '#shared/contracts/staff/administrators.ts';
import type { AnalyticsSummary } from '#shared/contracts/staff/analytics.ts';
import type { PanelSettings, PanelStatistics } from '#shared/contracts/staff/overview.ts';
import type { BankAccountItem, PaymentItem } from '#shared/contracts/staff/payments.ts';
import type { SubscriberItem } from '#shared/contracts/staff/verification.ts';
import type { AdminRoute } from '#shared/admin-routes.ts';
import { toLogin } from './panel-session.ts';

export interface PanelData {
  stats: PanelStatistics | null;
  subscribers: SubscriberItem[] | null;
  payments: PaymentItem[] | null;
  bankAccounts: BankAccountItem[] | null;
  analytics: AnalyticsSummary | null;
  settings: PanelSettings | null;
  administrators: AdministratorItem[] | null;
}
const NO_DATA: PanelData = {
  stats: null,
  subscribers: null,
  payments: null,
  bankAccounts: null,
  analytics: null,
  settings: null,
  administrators: null,
};

const skip = () => Promise.resolve(null);

/** `may` (what this admin may call) must be stable; `load` resolves whether it worked. */
export function usePanelData(may: (route: AdminRoute) => boolean) {
  const [data, setData] = useState<PanelData>(NO_DATA);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async (): Promise<boolean> => {
    try {
      const [stats, subscribers, payments, bankAccounts, analytics, settings, administrators] = await Promise.all([
        getData<PanelStatistics>('statistics'),
        may('GET /api/admin/subscribers') ? getData<SubscriberItem[]>('subscribers') : skip(),
        may('GET /api/admin/payments') ? getData<PaymentItem[]>('payments') : skip(),
        may('GET /api/admin/bank-accounts') ? getData<BankAccountItem[]>('bank-accounts') : skip(),
        getData<AnalyticsSummary>('analytics', 'summary'),
        getData<PanelSettings>('settings'),
        may('GET /api/admin/administrators') ? getData<AdministratorItem[]>('administrators') : skip(),
      ]);
      setData({ stats, subscribers, payments, bankAccounts, analytics, settings, administrators });
      setFailed(false);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toLogin();
      console.error('Panel data:', err);
      setFailed(true);
      return false;
    }
  }, [may]);
  return { data, failed, load };
}
