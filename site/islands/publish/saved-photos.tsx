// On the edit page: the photos the ad already has, each removable at once.
export interface SavedPhoto {
  id: number;
  url: string;
}

export default function SavedPhotos(props: { saved: SavedPhoto[]; disabled: boolean; onRemove: (photo: SavedPhoto) => void }) {
  const { saved } = props;
  return (
    <div className="field">
      <span className="label">Fotos publicadas</span>
      <ul className="photo-list" aria-label="Fotos que ya tiene el anuncio">
        {saved.map((photo, i) => (
          <li key={photo.id} className="photo-list__item">
            <img src={photo.url} alt={`Foto publicada ${i + 1}`} width={96} height={96} />
            <span className="photo-list__name">{i === 0 ? 'Portada' : `Foto ${i + 1}`}</span>
            <span className="photo-list__actions">
              <button type="button" className="btn btn-outline" disabled={props.disabled} onClick={() => props.onRemove(photo)}>
                Quitar<span className="visually-hidden"> la foto publicada {i + 1}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
