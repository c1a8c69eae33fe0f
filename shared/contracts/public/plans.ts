// The paid plans' current prices, in pesos, as the plans page shows them (the wire contract of decision 051).
export interface PlanPricesView {
  premium: number;
  vip: number;
}
