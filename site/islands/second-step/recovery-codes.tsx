// New recovery codes, shown once (the server keeps only their hashes): copy them or download them as a text file,
// then say they are kept before going on.
import { useEffect, useRef, useState } from 'react';
import CopyButton from './copy-button.tsx';

const FILE_NAME = 'velada-codigos-de-recuperacion.txt';

interface RecoveryCodesProps {
  codes: string[];
  /** 1 where the codes replace the page's form (the staff login), 2 or 3 inside a section. */
  headingLevel: 1 | 2 | 3;
  onContinue: () => void;
}

function download(codes: string[]) {
  const text = ['Velada: códigos de recuperación', 'Cada código sirve una sola vez.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function RecoveryCodes({ codes, headingLevel, onContinue }: RecoveryCodesProps) {
  const [kept, setKept] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = `h${headingLevel}` as 'h1' | 'h2' | 'h3';
  // Whoever pressed the button that made them lands on them (the view that had the focus is gone).
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <Heading id="recovery-codes-title" ref={heading} tabIndex={-1}>
        Tus códigos de recuperación
      </Heading>
      <p>Guardalos en un lugar seguro: cada uno sirve una sola vez si perdés tu passkey o tu teléfono. No los vamos a volver a mostrar.</p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <CopyButton text={codes.join('\n')} label="Copiar códigos" copied="Códigos copiados" />
        <button type="button" className="btn btn-outline btn-small" onClick={() => download(codes)}>
          Descargar
        </button>
      </div>
      <label className="check">
        <input type="checkbox" required checked={kept} onChange={(e) => setKept(e.target.checked)} />
        <span>Los guardé en un lugar seguro</span>
      </label>
      <button type="button" className="btn btn-primary" disabled={!kept} onClick={onContinue}>
        Continuar
      </button>
    </section>
  );
}
