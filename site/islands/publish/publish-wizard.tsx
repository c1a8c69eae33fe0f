// The publish flow (/publicar-anuncio) for a signed-in advertiser: the seed's four steps, verification ->
// identity -> consent -> form. Someone whose verification is already sent or approved starts at the consent or
// straight at the form. The step and what was typed survive a reload (sessionStorage); photos must be picked
// again, the ad itself is kept on the server once saved.
import { useEffect, useState } from 'react';
import IdentityVerification from '#site/islands/account/identity-verification.tsx';
import AdForm from './ad-form.tsx';
import { EMPTY_AD, type AdDraft } from './ad-draft.ts';

type Step = 'verification' | 'consent' | 'form' | 'done';
type Status = 'unverified' | 'pending' | 'verified' | 'rejected';
const STORAGE_KEY = 'velada.publicar';
const STEP_NAMES: Record<Exclude<Step, 'done'>, string> = {
  verification: 'Verificación e identidad',
  consent: 'Consentimiento',
  form: 'Anuncio',
};

interface Saved {
  step: Step;
  consent: boolean;
  ad: AdDraft;
}

/**
 * The step, the consent and the ad as typed, restored from sessionStorage after the first render (the server's
 * render has none) and saved there on every change; forgotten once the ad is sent.
 */
function usePublishState(first: Step, plan: AdDraft['plan'] | undefined, needsVerification: boolean) {
  const [state, setState] = useState<Saved>({ step: first, consent: false, ad: { ...EMPTY_AD, plan: plan ?? 'gratuito' } });
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
        // A saved step before the one this advertiser starts at no longer applies (say, verification was sent).
        if (saved && !(saved.step === 'verification' && !needsVerification)) setState({ ...saved, ad: { ...EMPTY_AD, ...saved.ad } });
      } catch {
        /* start over */
      }
      setRestored(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [needsVerification]);
  useEffect(() => {
    if (!restored) return;
    if (state.step === 'done') sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  }, [state, restored]);
  return [state, setState] as const;
}

export default function PublishWizard(props: {
  fullName: string;
  verificationStatus: Status;
  prices: { premium: number; vip: number };
  plan?: AdDraft['plan'];
}) {
  const needsVerification = props.verificationStatus === 'unverified' || props.verificationStatus === 'rejected';
  const first: Step = needsVerification ? 'verification' : props.verificationStatus === 'pending' ? 'consent' : 'form';
  const [state, setState] = usePublishState(first, props.plan, needsVerification);

  const go = (step: Step) => {
    setState((s) => ({ ...s, step }));
    setTimeout(() => document.getElementById('publish-step')?.focus(), 0);
  };
  const steps = (
    needsVerification ? ['verification', 'consent', 'form'] : props.verificationStatus === 'pending' ? ['consent', 'form'] : ['form']
  ) as Exclude<Step, 'done'>[];

  if (state.step === 'done') return <PublishDone plan={state.ad.plan} verificationStatus={props.verificationStatus} />;

  return (
    <div className="publish-wizard">
      <ol className="publish-steps" aria-label="Pasos para publicar">
        {steps.map((step, i) => (
          <li key={step} aria-current={state.step === step ? 'step' : undefined}>
            <span className="publish-steps__number">{i + 1}</span> {STEP_NAMES[step]}
          </li>
        ))}
      </ol>
      <div id="publish-step" tabIndex={-1} className="publish-step">
        {state.step === 'verification' && <IdentityVerification fullName={props.fullName} onSubmitted={() => go('consent')} />}
        {state.step === 'consent' && (
          <ConsentStep
            consent={state.consent}
            onConsent={(consent) => setState((s) => ({ ...s, consent }))}
            pending={!needsVerification && props.verificationStatus === 'pending'}
            onContinue={() => go('form')}
            onBack={needsVerification ? () => go('verification') : null}
          />
        )}
        {state.step === 'form' && (
          <AdForm draft={state.ad} onDraft={(ad) => setState((s) => ({ ...s, ad }))} prices={props.prices} onPublished={() => go('done')} />
        )}
      </div>
    </div>
  );
}

/** The last screen: the ad in review, and how to pay a paid plan once it is published. */
function PublishDone({ plan, verificationStatus }: { plan: AdDraft['plan']; verificationStatus: Status }) {
  return (
    <div className="form-success" role="status">
      <p>
        <strong>¡Listo! Tu anuncio está en revisión.</strong> El equipo de Velada lo revisa antes de publicarlo
        {verificationStatus === 'verified' ? '.' : ', junto con tu verificación de identidad.'} Vas a ver su estado en tu cuenta.
      </p>
      {plan !== 'gratuito' && (
        <p>
          Elegiste el plan {plan === 'vip' ? 'VIP' : 'Premium'}: cuando tu anuncio esté publicado, pagalo desde tu cuenta con el botón
          «Destacar». El plan empieza cuando se acredita el pago.
        </p>
      )}
      <a className="btn btn-primary" href="/mi-cuenta">
        Ir a mi cuenta
      </a>
    </div>
  );
}

interface ConsentStepProps {
  consent: boolean;
  onConsent: (consent: boolean) => void;
  /** The verification is waiting for review: the ad can be prepared meanwhile. */
  pending: boolean;
  onContinue: () => void;
  /** Back to the verification step, where it is part of the flow. */
  onBack: (() => void) | null;
}

function ConsentStep({ consent, onConsent, pending, onContinue, onBack }: ConsentStepProps) {
  return (
    <form
      className="account-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (consent) onContinue();
      }}
    >
      <h2>Consentimiento</h2>
      {pending && <p>Tu verificación está en revisión: mientras tanto podés preparar tu anuncio.</p>}
      <label className="check">
        <input type="checkbox" checked={consent} onChange={(e) => onConsent(e.target.checked)} />
        <span>
          Declaro que tengo 18 años o más, que soy la persona que aparece en el anuncio, que publico por mi cuenta (sin terceros ni
          agencias) y que acepto los <a href="/terminos-condiciones">Términos y condiciones</a>.
        </span>
      </label>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!consent}>
          Continuar
        </button>
        {onBack && (
          <button type="button" className="btn btn-outline" onClick={onBack}>
            Volver atrás
          </button>
        )}
      </div>
    </form>
  );
}
