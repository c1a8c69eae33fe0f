// What every public form does when it is sent: one request at a time, the button busy meanwhile, a refusal that
// names a field shown beside that field (and the field focused), any other refusal shown above the form, and a
// clear message when the server cannot be reached.
import { useState } from 'react';
import { ApiError } from '#site/lib/api-client.ts';

export type FieldErrors = Record<string, string | undefined>;

/** The fields the form shows, and messages of its own instead of the client's generic ones (site/lib/api-client.ts). */
export interface FormOptions {
  /** A refusal naming a field not listed here is shown above the form, with the server's whole message. */
  fields?: string[];
  /** The server could not be reached (no answer at all). */
  offline?: string;
  /** The answer was not the API's (a proxy error page, say). */
  failed?: string;
}

export interface FormSubmit {
  busy: boolean;
  errors: FieldErrors;
  problem: string | null;
  /** Shows errors found before sending (and focuses the first); true when there were none. */
  check(found: FieldErrors): boolean;
  /** Clears a field's error as the person corrects it. */
  clearError(field: string): void;
  /** Sends once at a time; what `send` throws is shown as above. */
  submit(send: () => Promise<void>): Promise<void>;
}

/** `idPrefix` + field name is the id of each field's input, for focusing the one the server refused. */
export function useFormSubmit(idPrefix: string, options: FormOptions = {}): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const focus = (field: string) => document.getElementById(`${idPrefix}-${field}`)?.focus();

  return {
    busy,
    errors,
    problem,
    check(found) {
      setErrors(found);
      setProblem(null);
      const first = Object.keys(found).find((field) => found[field]);
      if (first) focus(first);
      return !first;
    },
    clearError: (field) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current)),
    async submit(send) {
      if (busy) return;
      setBusy(true);
      setProblem(null);
      try {
        await send();
      } catch (err) {
        const error = err instanceof ApiError ? err : new ApiError(0, undefined);
        if (error.status === 0) setProblem(options.offline ?? error.message);
        else if (error.field && (!options.fields || options.fields.includes(error.field))) {
          setErrors({ [error.field]: error.detail });
          focus(error.field);
        } else setProblem((error.code === 'network_error' && options.failed) || error.message);
      } finally {
        setBusy(false);
      }
    },
  };
}
