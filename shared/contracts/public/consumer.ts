// What the "Botón de arrepentimiento" and the "Botón de baja" answer (decision 068).

/** A revocation recorded: its code, and whether money is refunded (false: a pending payment was cancelled). */
export interface RevocationReceipt {
  code: string;
  refund: boolean;
  amount: number;
}

/** A "Botón de baja" request: the same answer whether the address has an account or not. */
export interface CancellationReceipt {
  code: string;
}

export interface CancellationConfirmed {
  code: string;
  closed: boolean;
}
