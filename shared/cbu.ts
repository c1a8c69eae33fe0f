// Argentine CBU (Clave Bancaria Uniforme): 22 digits in two blocks, each ending in a check digit.
// Block 1: bank (3) + branch (4) + check; block 2: account (13) + check. Weights 7,1,3,9 repeating from the right
// of each block's digits before its check digit.
/** The kinds of bank account, as the panel and the transfer page name them. */
export const ACCOUNT_TYPE_LABELS: Record<string, string> = { checking: 'Cuenta corriente', savings: 'Caja de ahorro' };

function checkDigit(digits: string, weights: number[]): number {
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * weights[i]!, 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidCbu(cbu: string): boolean {
  if (!/^\d{22}$/.test(cbu)) return false;
  const first = cbu.slice(0, 8);
  const second = cbu.slice(8);
  return (
    checkDigit(first.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]) === Number(first[7]) &&
    checkDigit(second.slice(0, 13), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) === Number(second[13])
  );
}

/** Completes 20 digits (bank, branch, account without check digits) into a valid CBU: for demo data and tests. */
export function cbuFrom(bankAndBranch: string, account: string): string {
  const first = bankAndBranch + checkDigit(bankAndBranch, [7, 1, 3, 9, 7, 1, 3]);
  const second = account + checkDigit(account, [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]);
  return first + second;
}
