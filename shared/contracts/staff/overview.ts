// The panel's overview: the alerts at its top, the statistics cards, the plan prices and the audit log.

export type StaffAlertKind = 'hiding_report' | 'overdue_report' | 'login_attack';

/** An alert at the top of the panel, until someone marks it seen. */
export interface StaffAlertItem {
  id: number;
  kind: StaffAlertKind;
  message: string;
  createdAt: string;
}

/** The statistics cards. Revenue is null for staff who may not see payments. */
export interface PanelStatistics {
  totalSubscribers: number;
  activeSubscribers: number;
  pendingVerifications: number;
  monthlyRevenue: number | null;
  todayRevenue: number | null;
  totalAds: number;
  activeAds: number;
  /** Ads waiting for staff review (the Anuncios section's queue). */
  pendingAds: number;
  /** "Fotos reales" requests whose selfie waits for staff. */
  pendingPhotoVerifications: number;
  /** Open reports of a possible minor or trafficking waiting for staff over 24 hours (the Denuncias badge). */
  overdueReports: number;
}

/** The monthly plan prices (ARS), as Configuración shows and saves them. */
export interface PanelSettings {
  pricePremium: number;
  priceVip: number;
}

/** One row of the Registro de actividad. */
export interface AuditLogItem {
  id: number;
  createdAt: string;
  username: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  ip: string | null;
}
