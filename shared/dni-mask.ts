// How staff see a DNI outside the identity check (docs/decisions/066-identity-retention-and-dni-masking.md): the last
// three digits behind a fixed run of dots, so neither the number nor its length shows. Applied by the server before
// an answer leaves it; the browser never receives the full number there.

export const maskDni = (dni: string | null): string | null => (dni ? `•••••${dni.slice(-3)}` : null);
