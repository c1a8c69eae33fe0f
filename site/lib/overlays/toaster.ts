// The notification region (site/components/toast-region.astro): shows the store's toast, closes it after its
// duration, on its button or on a swipe right (50 px); F8 moves the focus to the region.
import { $toast, TOAST_DEFAULT_MS, dismissToast, type Toast } from '#site/stores/toasts.ts';

const SWIPE_THRESHOLD_PX = 50;

function toastElement(template: HTMLTemplateElement, toast: Toast): HTMLElement {
  const element = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  element.classList.add(`toast--${toast.variant ?? 'default'}`);
  element.querySelector('[data-toast-title]')!.textContent = toast.title;
  const description = element.querySelector('[data-toast-description]')!;
  if (toast.description) description.textContent = toast.description;
  else description.remove();
  element.querySelector('button')!.addEventListener('click', () => dismissToast(toast.id));
  let startX: number | null = null;
  element.addEventListener('pointerdown', (e) => (startX = e.clientX));
  element.addEventListener('pointerup', (e) => {
    if (startX !== null && e.clientX - startX > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    startX = null;
  });
  return element;
}

export function mountToaster(region: HTMLElement): void {
  const slot = region.querySelector<HTMLElement>('[data-toast-slot]')!;
  const template = region.querySelector<HTMLTemplateElement>('[data-toast-template]')!;
  window.addEventListener('keydown', (e) => {
    if (e.key !== 'F8') return;
    e.preventDefault();
    region.focus();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  $toast.subscribe((toast) => {
    clearTimeout(timer);
    slot.replaceChildren(...(toast ? [toastElement(template, toast)] : []));
    if (toast) timer = setTimeout(() => dismissToast(toast.id), toast.durationMs ?? TOAST_DEFAULT_MS);
  });
}
