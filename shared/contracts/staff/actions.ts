// What the panel's actions answer: that they were done, and what the panel shows next (a new row's id, a
// password to hand over once, the state an alert moved to).

export interface ActionDone {
  success: true;
}

/** A row the action created (a bank account, a partner). */
export interface ActionCreated extends ActionDone {
  id: number;
}
