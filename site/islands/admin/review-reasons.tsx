// What screening flagged on an ad under moderation (Anuncios): the indicators and word-list terms with the ad's
// score, and each match with another account's ad (the two photos side by side, or the shared phone number).
import { flagLabel } from '#shared/review-flags.ts';
import { adPath } from '#shared/ad-text.ts';
import type { DuplicateMatch, ModerationItem } from '#shared/contracts/staff/moderation.ts';

/** Every state an ad matched by another can be in. */
const AD_STATE_LABELS: Record<string, string> = {
  draft: 'Borrador',
  pending: 'En revisión',
  published: 'Publicado',
  held: 'Oculto por denuncia',
  expired: 'Vencido',
  paused: 'Pausado',
  rejected: 'Rechazado',
  removed: 'Dado de baja',
};
const isDuplicate = (kind: string) => kind === 'foto_duplicada' || kind === 'telefono_duplicado';
/** The reasons as staff read them: "Teléfono oculto: «once cinco…»". */
export const reasonText = (f: { kind: string; match: string }) => `${flagLabel(f)}: «${f.match}»`;

/**
 * What screening found: the indicators and word-list terms with the ad's score, then each match with another
 * account's ad, the two photos side by side (or the shared phone number) with the other ad's title, code, state and
 * advertiser.
 */
export default function ReviewReasons({ ad }: { ad: ModerationItem }) {
  if (!ad.flags.length) return null;
  const reasons = ad.flags.filter((f) => !isDuplicate(f.kind));
  const duplicateKinds = [...new Set(ad.flags.filter((f) => isDuplicate(f.kind)).map((f) => flagLabel(f)))];
  return (
    <div className="panel__review" aria-labelledby={`ad-${ad.id}-reasons`}>
      <p id={`ad-${ad.id}-reasons`} className="panel__review-score">
        Indicadores · puntaje {ad.score}
      </p>
      <ul className="panel__flags" aria-label="Alertas de la revisión automática">
        {reasons.map((f) => (
          <li key={`${f.kind}-${f.match}`} className="panel__flag">
            {reasonText(f)}
          </li>
        ))}
        {duplicateKinds.map((label) => (
          <li key={label} className="panel__flag">
            {label}
          </li>
        ))}
      </ul>
      {ad.matches.length > 0 && (
        <ul className="panel__matches" aria-label={`Coincidencias con anuncios de otras cuentas de «${ad.title}»`}>
          {ad.matches.map((m, i) => (
            <li key={i} className="panel__match">
              {m.kind === 'foto_duplicada' ? <PhotoMatch ad={ad} match={m} /> : <PhoneMatch match={m} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OtherAd({ match }: { match: DuplicateMatch }) {
  const other = match.otherAd;
  if (!other) return <span>un anuncio que ya fue eliminado</span>;
  const title = other.state === 'published' ? <a href={adPath(other)}>«{other.title}»</a> : <>«{other.title}»</>;
  return (
    <span>
      {title} (código {other.id}, {AD_STATE_LABELS[other.state] ?? other.state}) de {other.advertiserName}
    </span>
  );
}

function PhotoMatch({ ad, match }: { ad: ModerationItem; match: DuplicateMatch }) {
  const missing = <span className="panel__match-missing">Foto eliminada</span>;
  return (
    <>
      <p className="panel__match-title">
        {match.distance === 0 ? 'La misma foto' : 'Una foto casi igual'}
        {match.mirrored ? ', espejada,' : ''} en <OtherAd match={match} />
      </p>
      <div className="panel__match-photos">
        <figure>
          {match.photo ? <img src={match.photo} alt={`Este anuncio, ${match.match}`} width={160} height={160} loading="lazy" /> : missing}
          <figcaption>Este anuncio ({match.match})</figcaption>
        </figure>
        <figure>
          {match.otherPhoto ? (
            <img
              src={match.otherPhoto}
              alt={`La foto del otro anuncio${match.otherAd ? `, «${match.otherAd.title}»` : ''}`}
              width={160}
              height={160}
              loading="lazy"
            />
          ) : (
            missing
          )}
          <figcaption>Otra cuenta{match.otherAd ? ` (código ${match.otherAd.id})` : ''}</figcaption>
        </figure>
      </div>
      <span className="visually-hidden"> de «{ad.title}»</span>
    </>
  );
}

function PhoneMatch({ match }: { match: DuplicateMatch }) {
  return (
    <p className="panel__match-title">
      El teléfono {match.match} también está en <OtherAd match={match} />
    </p>
  );
}
