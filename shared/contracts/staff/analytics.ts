// The panel's Estadísticas de visitas: consent-based visitor figures of today and the last 30 days (Buenos Aires
// days), the top pages, sources, devices and browsers of the period, and one entry per day for the chart.

export interface AnalyticsSummary {
  uniqueVisitorsToday: number;
  pageViewsToday: number;
  uniqueVisitors30Days: number;
  pageViews30Days: number;
  topPages: { page_title: string; page_url: string; views: number }[];
  trafficSources: { source: string; medium: string; visits: number }[];
  devices: { device_type: string; count: number }[];
  browsers: { browser: string; count: number }[];
  /** Oldest first, one entry per day, zeros included. */
  daily: { date: string; pageViews: number; visitors: number; visits: number }[];
}
