// Why the panel's core refuses a request: the thing is not there, or its state does not allow it. Each refusal has
// a stable code (English) and the message staff read (Spanish); the staff route table turns it into the answer.

export class PanelRefusal extends Error {
  readonly kind: 'not_found' | 'conflict';
  readonly code: string;
  constructor(kind: 'not_found' | 'conflict', code: string, message: string) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

export const notThere = (code: string, message: string) => new PanelRefusal('not_found', code, message);
export const notAllowedNow = (code: string, message: string) => new PanelRefusal('conflict', code, message);
