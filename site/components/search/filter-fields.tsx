// The search form's fields: text, category, zone, availability and order in its first row, and the advanced filters
// (price, age, and groups of boxes). Uncontrolled (default values): site/lib/search-form.ts sets them to show another
// search.
import {
  AGE_RANGES,
  ATTENTION_TYPES,
  AVAILABILITY_OPTIONS,
  CATEGORIES,
  LANGUAGES,
  PRICE_RANGES,
  SERVICE_TYPES,
  SORT_OPTIONS,
  VERIFICATION_FILTERS,
  ZONES,
} from '#shared/catalogue.ts';
import { MAX_TEXT_LENGTH, type SearchFilters } from '#shared/search-filters.ts';

interface FilterSelectProps {
  name: string;
  label: string;
  value: string;
  /** The first option, for no filter; none where one of the options is always chosen. */
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
}

function FilterSelect({ name, label, value, anyLabel, options }: FilterSelectProps) {
  return (
    <div className="field">
      <label htmlFor={`filtro-${name}`}>{label}</label>
      <select id={`filtro-${name}`} name={name} defaultValue={value}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A zone or one of its barrios. */
function ZoneSelect({ value }: { value: string }) {
  return (
    <div className="field">
      <label htmlFor="filtro-zona">Zona</label>
      <select id="filtro-zona" name="zona" defaultValue={value}>
        <option value="">Toda CABA</option>
        {ZONES.map((z) => (
          <optgroup key={z.value} label={`Zona ${z.label}`}>
            <option value={z.value}>Toda la zona {z.label}</option>
            {z.barrios.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function CheckboxGroup(props: { legend: string; name: string; options: readonly { value: string; label: string }[]; checked: string[] }) {
  return (
    <fieldset className="filters__group">
      <legend>{props.legend}</legend>
      {props.options.map((o) => {
        const id = `filtro-${props.name}-${o.value}`;
        return (
          <div className="filters__check" key={o.value}>
            <input id={id} type="checkbox" name={props.name} value={o.value} defaultChecked={props.checked.includes(o.value)} />
            <label htmlFor={id}>{o.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** The first row. */
export function MainFilters({ filters }: { filters: SearchFilters }) {
  return (
    <div className="filters__row">
      <div className="field filters__text">
        <label htmlFor="filtro-q">Buscar</label>
        <input
          id="filtro-q"
          name="q"
          type="search"
          maxLength={MAX_TEXT_LENGTH}
          defaultValue={filters.text}
          placeholder="Buscá por barrio, zona o nombre"
          autoComplete="off"
        />
      </div>
      <FilterSelect
        name="categoria"
        label="Categoría"
        value={filters.categoria ?? ''}
        anyLabel="Todas las categorías"
        options={CATEGORIES}
      />
      <ZoneSelect value={filters.zona ?? ''} />
      <FilterSelect
        name="disponibilidad"
        label="Disponibilidad"
        value={filters.disponibilidad ?? ''}
        anyLabel="Cualquiera"
        options={AVAILABILITY_OPTIONS}
      />
      <FilterSelect name="orden" label="Ordenar por" value={filters.orden} options={SORT_OPTIONS} />
    </div>
  );
}

/** "Filtros avanzados", with how many of them are in use. */
export function AdvancedFilters({ filters, open, count }: { filters: SearchFilters; open: boolean; count: number }) {
  return (
    <details className="filters__advanced" open={open}>
      <summary data-advanced-summary="">Filtros avanzados{count > 0 && ` (${count})`}</summary>
      <div className="filters__groups">
        <FilterSelect
          name="precio"
          label="Precio por hora"
          value={filters.precio ?? ''}
          anyLabel="Cualquier precio"
          options={PRICE_RANGES}
        />
        <FilterSelect name="edad" label="Edad" value={filters.edad ?? ''} anyLabel="Cualquier edad" options={AGE_RANGES} />
        <CheckboxGroup legend="Verificación" name="verificacion" options={VERIFICATION_FILTERS} checked={filters.verificacion} />
        <CheckboxGroup legend="Idiomas" name="idioma" options={LANGUAGES} checked={filters.idioma} />
        <CheckboxGroup legend="Tipo de servicio" name="servicio" options={SERVICE_TYPES} checked={filters.servicio} />
        <CheckboxGroup legend="Tipo de atención" name="atencion" options={ATTENTION_TYPES} checked={filters.atencion} />
      </div>
    </details>
  );
}
