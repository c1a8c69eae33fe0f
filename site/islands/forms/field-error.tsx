// The error line under a form field, tied to it by id (the field sets aria-describedby and aria-invalid).
export default function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error">
      {message}
    </p>
  );
}

/** Props for an input with a possible error shown by FieldError. */
export const errorProps = (id: string, message: string | undefined) =>
  message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
