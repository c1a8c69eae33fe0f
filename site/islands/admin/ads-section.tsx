// Anuncios (permission 'manage ads'): the moderation queue and the decided ads, with what screening flagged (the
// indicators with the ad's score, and the photos or phone number shared with other accounts' ads, side by side) and
// the photos; approve (once the advertiser is verified; a flagged ad after confirming its reasons were read), reject
// or remove with a reason and a category the advertiser sees. Loads when opened, on a new filter and on 'Actualizar'.
import type { RefusalCategory } from '#shared/refusal-categories.ts';
import StatusSelect from './status-select.tsx';
import { useMemo, useState } from 'react';
import { postData } from '#site/lib/admin-api.ts';
import { usePanelList } from './use-panel-list.ts';
import { barrioName, categoryLabel } from '#shared/format.ts';
import { ratesSummary } from '#shared/rates.ts';
import { useExportList } from './panel-export.ts';
import PanelDialog from './panel-dialog.tsx';
import AdStatsDialog from './ad-stats-dialog.tsx';
import { exportDateTime } from './labels.ts';
import type { ModerationItem, ModerationState } from '#shared/contracts/staff/moderation.ts';
import { usePanelAction } from './use-panel-action.ts';
import ModerationAd, { VERIFICATION } from './moderation-ad.tsx';
import { reasonText } from './review-reasons.tsx';
import { ApproveFlaggedForm, ReasonForm, type Refusal } from './ad-decision-forms.tsx';

const STATES: [ModerationState, string][] = [
  ['pending', 'En revisión'],
  ['held', 'Ocultos por denuncia'],
  ['published', 'Publicados'],
  ['rejected', 'Rechazados'],
  ['removed', 'Dados de baja'],
];
const TOASTS = {
  approve: ['Anuncio aprobado', 'No se pudo aprobar el anuncio'],
  reject: ['Anuncio rechazado', 'No se pudo rechazar el anuncio'],
  remove: ['Anuncio dado de baja', 'No se pudo dar de baja el anuncio'],
} as const;

/** 'Exportar': the ads listed, with their screening reasons and open reports. */
function useAdsExport(ads: ModerationItem[] | null) {
  useExportList(
    useMemo(
      () =>
        ads && {
          name: 'anuncios',
          columns: [
            'Título',
            'Categoría',
            'Barrio',
            'Anunciante',
            'Verificación',
            'Estado',
            'Tarifas',
            'Alertas',
            'Denuncias abiertas',
            'Motivo',
            'Enviado',
          ],
          rows: ads.map((a) => [
            a.title,
            categoryLabel(a.category),
            barrioName(a.barrio),
            a.advertiserName,
            VERIFICATION[a.advertiserVerification] ?? a.advertiserVerification,
            STATES.find(([s]) => s === a.state)?.[1] ?? a.state,
            ratesSummary(a.rates, a.services),
            a.flags.length ? `Puntaje ${a.score}: ${a.flags.map(reasonText).join(' | ')}` : '',
            a.openReports.map((r) => r.label).join(' | '),
            a.stateReason,
            a.submittedAt ? exportDateTime(a.submittedAt) : '',
          ]),
        },
      [ads],
    ),
  );
}

/** onUnauthorized and onChanged must be stable. */
export default function AdsSection(props: { reloadToken: number; onUnauthorized: () => void; onChanged: () => Promise<unknown> }) {
  const [state, setState] = useState<ModerationState>('pending');
  const rowAction = usePanelAction();
  const { busyId } = rowAction;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [statsOf, setStatsOf] = useState<ModerationItem | null>(null);
  const [confirming, setConfirming] = useState<ModerationItem | null>(null);
  const { onChanged } = props;
  const {
    items: ads,
    error,
    reload,
  } = usePanelList<ModerationItem>(`ads?state=${state}`, props.reloadToken, props.onUnauthorized, 'No se pudieron cargar los anuncios.');

  useAdsExport(ads);

  /** `flagsRead`: approval of a flagged ad, its reasons confirmed as read. */
  const act = (
    ad: ModerationItem,
    action: 'approve' | 'reject' | 'remove',
    refusal?: { reason: string; category: RefusalCategory },
    flagsRead = false,
  ) =>
    rowAction.run(
      ad.id,
      () => postData(`ads/${ad.id}/${action}${flagsRead ? '?flagsRead=true' : ''}`, refusal),
      { success: { title: TOASTS[action][0], description: ad.title }, failure: TOASTS[action][1] },
      () => Promise.all([reload(), onChanged()]),
    );

  return (
    <section aria-labelledby="panel-section-title" className="panel__section">
      <h1 id="panel-section-title" tabIndex={-1}>
        Anuncios
      </h1>
      <div className="panel__filters">
        <StatusSelect id="ads-state" value={state} options={STATES} onChange={setState} />
      </div>
      {error && <p role="alert">{error}</p>}
      {!ads && !error && <p aria-live="polite">Cargando…</p>}
      {ads && (
        <p aria-live="polite" className="panel__count">
          {ads.length === 1 ? '1 anuncio' : `${ads.length} anuncios`}
        </p>
      )}
      {ads?.length === 0 && <p>{state === 'pending' ? 'No hay anuncios esperando revisión.' : 'No hay anuncios en este estado.'}</p>}
      <ul className="panel__ads">
        {ads?.map((ad) => (
          <ModerationAd
            key={ad.id}
            ad={ad}
            busy={busyId === ad.id}
            onApprove={() => (ad.flags.length > 0 ? setConfirming(ad) : void act(ad, 'approve'))}
            onRefuse={(action) => setRefusal({ ad, action })}
            onStats={() => setStatsOf(ad)}
          />
        ))}
      </ul>
      <AdStatsDialog ad={statsOf} onClose={() => setStatsOf(null)} onUnauthorized={props.onUnauthorized} />
      <PanelDialog
        title={refusal?.action === 'remove' ? 'Dar de baja el anuncio' : 'Rechazar el anuncio'}
        open={refusal !== null}
        onClose={() => setRefusal(null)}
      >
        {refusal && (
          <ReasonForm
            refusal={refusal}
            onCancel={() => setRefusal(null)}
            onSubmit={async (reason, category) => (await act(refusal.ad, refusal.action, { reason, category })) && setRefusal(null)}
          />
        )}
      </PanelDialog>
      <PanelDialog title="Aprobar un anuncio con indicadores" open={confirming !== null} onClose={() => setConfirming(null)}>
        {confirming && (
          <ApproveFlaggedForm
            ad={confirming}
            onCancel={() => setConfirming(null)}
            onSubmit={async () => (await act(confirming, 'approve', undefined, true)) && setConfirming(null)}
          />
        )}
      </PanelDialog>
    </section>
  );
}
