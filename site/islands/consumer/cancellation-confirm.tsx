// The page a "Botón de baja" link opens (decision 068): one button confirms it (a link alone changes nothing, since
// mail programs open links to check them).
import { useState } from 'react';
import { callApi } from '#site/lib/api-client.ts';
import { useFormSubmit } from '#site/islands/forms/use-form-submit.ts';

export default function CancellationConfirm(props: { token: string; code: string; closeAccount: boolean }) {
  const [done, setDone] = useState(false);
  const form = useFormSubmit('cancellation-confirm', {
    offline: 'No pudimos conectar con el servidor. Probá de nuevo en un momento.',
    failed: 'No se pudo confirmar la baja. Probá de nuevo en un momento.',
  });

  if (done) {
    return (
      <p className="form-success" role="status">
        {props.closeAccount
          ? `Listo: eliminamos tu cuenta, tus anuncios y tus datos (pedido ${props.code}).`
          : `Listo: no vas a recibir más renovaciones de tus planes (pedido ${props.code}). Tus planes siguen hasta su fecha.`}
      </p>
    );
  }
  return (
    <>
      {form.problem && (
        <p className="form-alert" role="alert">
          {form.problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={form.busy}
        onClick={() =>
          void form.submit(async () => {
            await callApi('POST', '/api/cancellations/confirm', { token: props.token });
            setDone(true);
          })
        }
      >
        {form.busy
          ? 'Confirmando…'
          : props.closeAccount
            ? 'Confirmar la baja y eliminar mi cuenta'
            : 'Confirmar la baja de las renovaciones'}
      </button>
    </>
  );
}
