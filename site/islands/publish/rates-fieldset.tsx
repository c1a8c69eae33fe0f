// The ad form's rates table: one row per place the ad offers (from its service types), one column per duration,
// every cell optional. Each input has its own label ("A domicilio, 2 horas"), so it reads well without the table.
import FieldError from '#site/islands/forms/field-error.tsx';
import { GENERAL_RATE_LABEL, RATE_DURATIONS, RATE_PLACES, ratePlacesOf, type RateDuration, type RatePlace } from '#shared/rates.ts';
import type { RateTexts } from './ad-draft.ts';

/** The id of a form field's input from its error key, the API's `field`: 'title' -> ad-title, 'rates.hotel.2h' -> ad-rates-hotel-2h. */
export const inputIdOf = (field: string) => `ad-${field.replace(/\./g, '-')}`;

export default function RatesFieldset(props: {
  rates: RateTexts;
  services: readonly string[];
  /** Error messages by 'rates.place.duration', and the first one as 'rates'. */
  errors: Record<string, string | undefined>;
  onChange: (place: RatePlace, duration: RateDuration, text: string) => void;
}) {
  const places = ratePlacesOf(props.services);
  const named = places.some((place) => props.services.includes(RATE_PLACES.find((p) => p.value === place)!.service));
  return (
    <fieldset className="check-group rates-field" aria-describedby="ad-rates-hint">
      <legend>Tarifas (ARS)</legend>
      <p id="ad-rates-hint" className="form-hint">
        Completá solo las que ofrecés, en pesos y sin centavos. La de 1 hora es la que se usa al buscar por precio.
        {!named && ' Marcá en Servicios «Presencial», «A domicilio» u «Hotel» para cargar una tarifa por lugar.'}
      </p>
      <table className="rates-table">
        <thead>
          <tr>
            <td />
            {RATE_DURATIONS.map((d) => (
              <th key={d.value} scope="col">
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {places.map((place) => {
            const label = named ? RATE_PLACES.find((p) => p.value === place)!.label : GENERAL_RATE_LABEL;
            return (
              <tr key={place}>
                <th scope="row">{label}</th>
                {RATE_DURATIONS.map((d) => {
                  const key = `rates.${place}.${d.value}`;
                  const id = inputIdOf(key);
                  const invalid = props.errors[key] !== undefined;
                  return (
                    <td key={d.value}>
                      {/* Shown on a phone, where the column headings are hidden; the input's own label says it all. */}
                      <span className="rates-table__cell-label" aria-hidden="true">
                        {d.label}
                      </span>
                      <label htmlFor={id} className="visually-hidden">
                        {label}, {d.long}
                      </label>
                      <input
                        id={id}
                        inputMode="numeric"
                        maxLength={9}
                        value={props.rates[place]?.[d.value] ?? ''}
                        onChange={(e) => props.onChange(place, d.value, e.target.value)}
                        {...(invalid ? { 'aria-invalid': true, 'aria-describedby': 'ad-rates-error' } : {})}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError id="ad-rates-error" message={props.errors.rates} />
    </fieldset>
  );
}
