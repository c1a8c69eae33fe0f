// The notification region: one toast at a time, closes after its duration, swipe right (50 px) to
// dismiss, F8 moves focus to it.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $toast, TOAST_DEFAULT_MS, dismissToast } from '#site/stores/toasts.ts';

const SWIPE_THRESHOLD_PX = 50;

export default function Toaster() {
  const toast = useStore($toast);
  const regionRef = useRef<HTMLDivElement>(null);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div ref={regionRef} className="toast-region" role="region" aria-label="Notificaciones (F8)" tabIndex={-1}>
      <div aria-live="polite" aria-atomic="true">
        {toast && (
          <div
            className={`toast toast--${toast.variant ?? 'default'}`}
            role="status"
            onPointerDown={(e) => (startX.current = e.clientX)}
            onPointerUp={(e) => {
              if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
              startX.current = null;
            }}
          >
            <div>
              <strong>{toast.title}</strong>
              {toast.description && <p>{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label="Cerrar notificación" onClick={() => dismissToast(toast.id)}>
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
