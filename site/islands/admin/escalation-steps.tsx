// What staff do with a report of a possible minor or of trafficking (docs/escalation.md, decision 044): shown with
// each such report in Denuncias. The authorities decide whether a crime happened; staff report it, keep the evidence
// and never spread it.
import type { ReportReason } from '#shared/report-reasons.ts';

/** Reasons that may be a crime to take to the authorities. */
export const ESCALATED_REASONS: readonly ReportReason[] = ['posible_menor', 'posible_trata'];

export default function EscalationSteps({ reportId, reason }: { reportId: number; reason: ReportReason }) {
  return (
    <details className="panel__steps" open={reason === 'posible_menor'}>
      <summary>
        Pasos ante un posible delito<span className="visually-hidden"> (denuncia {reportId})</span>
      </summary>
      <ol>
        <li>Si alguien corre peligro ahora, llamá al 911.</li>
        <li>
          Preservá la evidencia antes de cualquier otra cosa: «Preservar para las autoridades» guarda el anuncio, sus fotos, la denuncia y
          las respuestas aunque se borren. Es una obligación: no borres nada ni la liberes hasta que las autoridades terminen.
        </li>
        <li>
          Denunciá ante <strong>PROTEX</strong> (Procuraduría de Trata y Explotación de Personas, Ministerio Público Fiscal; datos de
          contacto vigentes en mpf.gob.ar/protex) o a la <strong>Línea 145</strong>: nacional, gratuita, anónima, las 24 horas.
        </li>
        <li>
          Entregá el paquete preservado solo a la autoridad que lo pida. No reenvíes ni guardes las fotos en otro lado: si puede haber una
          persona menor de edad, difundirlas puede ser un delito.
        </li>
        <li>No le cuentes al anunciante que se hizo una denuncia ante las autoridades.</li>
        <li>Mantené el anuncio oculto («Resolver») y dalo de baja en Anuncios si la denuncia se confirma.</li>
      </ol>
    </details>
  );
}
