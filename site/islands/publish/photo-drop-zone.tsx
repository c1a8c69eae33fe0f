// The ad form's photos: drop files or pick them, see previews, reorder, remove, up to the chosen plan's limit.
// Files are checked here (type, 5 MB) and again on the server; they are uploaded when the ad is published, one
// request each, with its own progress bar (see uploadPhoto).
import { useEffect, useRef, useState, type DragEvent } from 'react';

export interface PendingPhoto {
  id: string;
  file: File;
  preview: string;
  /** 0-100 while uploading; null before. */
  progress: number | null;
  error?: string;
}

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/** Previews are object URLs: freed when their photo goes away. */
function useFreedPreviews(photos: PendingPhoto[]) {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = new Set(photos.map((p) => p.preview));
    for (const url of urls.current) if (!live.has(url)) URL.revokeObjectURL(url);
    urls.current = live;
  }, [photos]);
}

/** The files taken (images of the right type and size, within the plan's limit) and why each other one was not. */
function checkFiles(files: FileList | File[], alreadyChosen: number, limit: number) {
  const accepted: PendingPhoto[] = [];
  const refused: string[] = [];
  for (const file of Array.from(files)) {
    if (!TYPES.includes(file.type)) refused.push(`${file.name}: no es una imagen JPG, PNG o WebP.`);
    else if (file.size > MAX_BYTES) refused.push(`${file.name}: pesa más de 5 MB.`);
    else if (alreadyChosen + accepted.length >= limit) refused.push(`${file.name}: tu plan permite hasta ${limit} fotos.`);
    else accepted.push({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file), progress: null });
  }
  return { accepted, refused };
}

export default function PhotoDropZone(props: {
  photos: PendingPhoto[];
  limit: number;
  disabled: boolean;
  onChange: (photos: PendingPhoto[]) => void;
  error?: string;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const { photos, limit } = props;

  useFreedPreviews(photos);

  function add(files: FileList | File[]) {
    const { accepted, refused } = checkFiles(files, photos.length, limit);
    setNotice(refused.length ? refused.join(' ') : null);
    if (accepted.length) props.onChange([...photos, ...accepted]);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    props.onChange(next);
  }

  return (
    <div className="field">
      <span className="label" id="photos-label">
        Fotos
      </span>
      <DropArea chosen={photos.length} limit={limit} disabled={props.disabled} onFiles={add} />
      {(notice || props.error) && (
        <p className="form-error" role="alert">
          {[notice, props.error].filter(Boolean).join(' ')}
        </p>
      )}
      {photos.length > 0 && (
        <ol className="photo-list" aria-label="Fotos elegidas, en el orden en que se van a mostrar">
          {photos.map((photo, i) => (
            <ChosenPhoto
              key={photo.id}
              photo={photo}
              index={i}
              last={i === photos.length - 1}
              disabled={props.disabled}
              onMove={(by) => move(i, by)}
              onRemove={() => props.onChange(photos.filter((p) => p.id !== photo.id))}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

interface DropAreaProps {
  /** Photos chosen so far, and how many the plan allows. */
  chosen: number;
  limit: number;
  disabled: boolean;
  onFiles: (files: FileList | File[]) => void;
}

/** Where files are dropped, or picked with 'Elegir fotos'. */
function DropArea({ chosen, limit, disabled, onFiles }: DropAreaProps) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(event.dataTransfer.files);
  }

  return (
    <div
      className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-describedby="photos-hint"
    >
      <p id="photos-hint">
        Arrastrá tus fotos acá o elegilas. JPG, PNG o WebP de hasta 5 MB; tu plan permite hasta {limit} fotos ({chosen} de {limit}
        ).
      </p>
      <button type="button" className="btn btn-outline" disabled={disabled || chosen >= limit} onClick={() => input.current?.click()}>
        Elegir fotos
      </button>
      <input
        ref={input}
        id="ad-photo"
        type="file"
        accept={TYPES.join(',')}
        multiple
        hidden
        aria-labelledby="photos-label"
        onChange={(e) => {
          if (e.target.files) onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}

interface ChosenPhotoProps {
  photo: PendingPhoto;
  index: number;
  last: boolean;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A chosen photo: its preview, its upload's progress or error, and buttons to move it up or down, or remove it. */
function ChosenPhoto({ photo, index: i, last, disabled, onMove, onRemove }: ChosenPhotoProps) {
  return (
    <li className="photo-list__item">
      <img src={photo.preview} alt={`Foto ${i + 1}: ${photo.file.name}`} width={96} height={96} />
      <span className="photo-list__name">{i === 0 ? `${photo.file.name} (portada)` : photo.file.name}</span>
      {photo.progress !== null && (
        <progress max={100} value={photo.progress} aria-label={`Subida de ${photo.file.name}`}>
          {photo.progress}%
        </progress>
      )}
      {photo.error && <span className="form-error">{photo.error}</span>}
      <span className="photo-list__actions">
        <button type="button" className="btn btn-outline" disabled={disabled || i === 0} onClick={() => onMove(-1)}>
          Subir<span className="visually-hidden"> la foto {i + 1}</span>
        </button>
        <button type="button" className="btn btn-outline" disabled={disabled || last} onClick={() => onMove(1)}>
          Bajar<span className="visually-hidden"> la foto {i + 1}</span>
        </button>
        <button type="button" className="btn btn-outline" disabled={disabled} onClick={onRemove}>
          Quitar<span className="visually-hidden"> la foto {i + 1}</span>
        </button>
      </span>
    </li>
  );
}

/** Uploads one photo to an ad, reporting progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPhoto(adId: number, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/advertiser/ads/${adId}/photos`);
    request.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let message = 'No se pudo subir la foto.';
      try {
        message = (JSON.parse(request.responseText) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        /* keep the generic message */
      }
      reject(new Error(message));
    };
    request.onerror = () => reject(new Error('No pudimos conectar con el servidor.'));
    const form = new FormData();
    form.set('photo', file);
    request.send(form);
  });
}
