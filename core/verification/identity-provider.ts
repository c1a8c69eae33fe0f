// Where an identity check could be automated. No RENAPER service is reachable without a contract with the
// registry (decisions.md, Verification), so every request goes to staff review; a registry client would
// implement this interface and could answer 'match' or 'mismatch' for renaper requests.
export interface IdentityClaim {
  method: 'renaper' | 'manual';
  fullName: string;
  birthDate: string;
  dni?: string;
  tramite?: string;
  gender?: 'M' | 'F' | 'X';
}

export interface IdentityProvider {
  check(claim: IdentityClaim): Promise<'staff_review'>;
}

/** The provider in use: staff review every request in the admin panel. */
export const staffReview: IdentityProvider = {
  check: async () => 'staff_review',
};
