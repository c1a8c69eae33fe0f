// The statistics cards of the overview. Revenue is payment data: only those who may see payments get it.
import type { Knex } from 'knex';
import { statistics, type Statistics } from '#db/queries/admin/statistics.ts';
import { can, type Admin } from '#shared/admin-permissions.ts';
import type { PanelStatistics } from '#shared/contracts/staff/overview.ts';

export function presentStatistics(stats: Statistics, viewer: Admin): PanelStatistics {
  const revenue = can(viewer, 'view_payments');
  return {
    totalSubscribers: stats.totalSubscribers,
    activeSubscribers: stats.activeSubscribers,
    pendingVerifications: stats.pendingVerifications,
    monthlyRevenue: revenue ? stats.monthlyRevenue : null,
    todayRevenue: revenue ? stats.todayRevenue : null,
    totalAds: stats.totalAds,
    activeAds: stats.activeAds,
    pendingAds: stats.pendingAds,
    pendingPhotoVerifications: stats.pendingPhotoVerifications,
    overdueReports: stats.overdueReports,
  };
}

export async function panelStatistics(db: Knex, viewer: Admin, now = new Date()): Promise<PanelStatistics> {
  return presentStatistics(await statistics(db, now), viewer);
}
