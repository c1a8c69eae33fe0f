// The "Estado" select above a panel list: which of the list's states it shows, each with its label.
interface StatusSelectProps<S extends string> {
  id: string;
  value: S;
  options: readonly (readonly [S, string])[];
  onChange: (value: S) => void;
}

export default function StatusSelect<S extends string>({ id, value, options, onChange }: StatusSelectProps<S>) {
  return (
    <div className="field">
      <label htmlFor={id}>Estado</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as S)}>
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
