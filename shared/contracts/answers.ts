// The answers of commands that have nothing more to show than that they were done (and the new row's id): staff
// actions, an advertiser's messages and confirmations. Built by core/answers.ts.

export interface Done {
  success: true;
}

/** A row the command created (a bank account, a partner, a report). */
export interface Created extends Done {
  id: number;
}
