// The panel's "Motivo" box: the reason a refusal gives the person it refuses (an advertiser, a reporter), with its
// error tied to it for screen readers. The forms around it check the text and focus the box by its id.
interface ReasonFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export default function ReasonField({ id, label, value, error, onChange }: ReasonFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="panel__error">
          {error}
        </p>
      )}
    </div>
  );
}
