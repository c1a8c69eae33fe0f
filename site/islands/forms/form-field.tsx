// A labelled form field with its error line: the label names the control, and the error is tied to it
// (aria-describedby, aria-invalid) only while there is one.
import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';

export default function FormField(props: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  children: ReactElement<{ id?: string }>;
}) {
  const { id, label, error, children } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, ...errorProps(id, error) })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
