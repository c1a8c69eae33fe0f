// Where a photo verification stands (Verificar fotos): each photo of the ad verified or not, and the latest review
// with the reasons of the photos refused.
import { formatLongDate } from '#shared/format.ts';
import { formatShortDate, PHOTO_VERIFICATION_STATUS_TEXT } from '#shared/photo-verification.ts';
import type { OwnPhotoVerification } from '#shared/contracts/advertiser/verification.ts';
import { identityDeletionText } from '#shared/identity-retention.ts';

export function AdPhotoChecks({ adId, photos }: { adId: number; photos: OwnPhotoVerification['photos'] }) {
  return (
    <>
      <h2>Fotos del anuncio</h2>
      {photos.length === 0 ? (
        <p>
          Tu anuncio no tiene fotos. <a href={`/mi-cuenta/anuncios/${adId}`}>Subí al menos una</a> para pedir la verificación.
        </p>
      ) : (
        <ul className="photo-verification__photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <img src={photo.url} alt={`Foto ${i + 1} de tu anuncio`} width={120} height={120} loading="lazy" />
              <span className={photo.verifiedAt ? 'photo-verification__ok' : 'photo-verification__muted'}>
                {photo.verifiedAt ? `Verificada el ${formatShortDate(photo.verifiedAt)}` : 'Sin verificar'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function LatestReview({ latest }: { latest: NonNullable<OwnPhotoVerification['latest']> }) {
  return (
    <section aria-labelledby="latest-title">
      <h2 id="latest-title">Última revisión: {PHOTO_VERIFICATION_STATUS_TEXT[latest.status].toLowerCase()}</h2>
      <p>
        Revisada el {formatLongDate(latest.decidedAt)}.{' '}
        {identityDeletionText('selfie', { decidedAt: latest.decidedAt, deletedAt: latest.selfieDeletedAt })}
      </p>
      {latest.status === 'rejected' && (
        <ul className="photo-verification__results">
          {latest.checks.map((check, i) => (
            <li key={i}>
              {check.url ? (
                <img src={check.url} alt={`Foto ${i + 1} revisada`} width={72} height={72} loading="lazy" />
              ) : (
                <span className="photo-verification__muted">(foto eliminada)</span>
              )}
              <span className="photo-verification__result">
                <span>
                  Foto {i + 1}: {check.verified ? 'verificada' : 'rechazada'}
                </span>
                {check.reason && <span className="account-reason">Motivo: {check.reason}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
