// The ad form's text fields: title, category, zone and barrio, description and phone.
import { BARRIOS, CATEGORIES } from '#shared/catalogue.ts';
import FieldError, { errorProps } from '#site/islands/forms/field-error.tsx';
import type { AdDraft } from './ad-draft.ts';
import type { Errors } from './use-ad-publish.ts';

type TextField = 'title' | 'category' | 'barrio' | 'description' | 'phone';

interface AdTextFieldsProps {
  draft: AdDraft;
  errors: Errors;
  onChange: (name: TextField, value: string) => void;
}

export default function AdTextFields({ draft, errors, onChange }: AdTextFieldsProps) {
  /** A control's id, value, change handler and its error's attributes. */
  const field = (name: TextField) => ({
    id: `ad-${name}`,
    value: String(draft[name] ?? ''),
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    ...errorProps(`ad-${name}`, errors[name]),
  });
  return (
    <>
      <div className="field">
        <label htmlFor="ad-title">Título *</label>
        <input maxLength={80} placeholder="Por ejemplo: tu nombre y el servicio" {...field('title')} />
        <FieldError id="ad-title-error" message={errors.title} />
      </div>
      <div className="ad-form__row">
        <div className="field">
          <label htmlFor="ad-category">Categoría *</label>
          <select {...field('category')}>
            <option value="">Elegí una categoría</option>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="ad-category-error" message={errors.category} />
        </div>
        <div className="field">
          <label htmlFor="ad-zona">Zona *</label>
          <select id="ad-zona" value="caba" onChange={() => undefined}>
            <option value="caba">CABA</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="ad-barrio">Barrio</label>
          <select {...field('barrio')}>
            <option value="">Sin indicar</option>
            {BARRIOS.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </select>
          <FieldError id="ad-barrio-error" message={errors.barrio} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="ad-description">Descripción *</label>
        <textarea rows={6} maxLength={4000} {...field('description')} />
        <FieldError id="ad-description-error" message={errors.description} />
      </div>
      <div className="ad-form__row">
        <div className="field">
          <label htmlFor="ad-phone">Teléfono de contacto</label>
          <input type="tel" autoComplete="tel" maxLength={20} {...field('phone')} />
          <FieldError id="ad-phone-error" message={errors.phone} />
        </div>
      </div>
    </>
  );
}
