// The panel's tables, all drawn one way (site/styles/panel-table.css): compact, with every column in view on a
// computer (long texts wrap inside their cells, nothing scrolls sideways), and each row a card where the panel is
// narrow (a phone, a tablet with the menu beside), each value under its column's name (the cell's data-label).
import type { Key, ReactNode } from 'react';

export interface PanelColumn<T> {
  /** The column's name: its header, and the label of its value on a card ('' for none, as a rates table's corner). */
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name (a row header): the title of its card. */
  rowHeader?: boolean;
  /** Amounts and counts: aligned to the end, on one line. */
  numeric?: boolean;
  /** Dates and short codes: on one line. */
  nowrap?: boolean;
  /** Emails, addresses, technical details: may break anywhere to fit the column. */
  breakAnywhere?: boolean;
  /** Long texts: the whole width of the card. */
  wide?: boolean;
  /** Buttons: the whole width of the card, with no label. */
  actions?: boolean;
  className?: string;
}

/** Falsy entries are columns this admin does not get (e.g. 'Acciones' without the permission). */
export type PanelColumns<T> = (PanelColumn<T> | false | null | undefined)[];

interface PanelTableProps<T> {
  /** Names the table's region (e.g. 'Tabla de pagos'). */
  label: string;
  /** The table's caption; read by screen readers only unless `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: PanelColumns<T>;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** A line across the whole table under a row (Denuncias' steps to the authorities), or null. */
  below?: (row: T) => ReactNode;
  className?: string;
}

const cellClass = (column: PanelColumn<unknown>) =>
  [
    column.numeric && 'num',
    column.nowrap && 'panel-table__nowrap',
    column.breakAnywhere && 'panel-table__anywhere',
    (column.wide || column.actions) && 'panel-table__wide',
    column.className,
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/** An email that breaks before its '@' when the column is narrow, rather than anywhere. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export default function PanelTable<T>(props: PanelTableProps<T>) {
  const columns = props.columns.filter((c): c is PanelColumn<T> => Boolean(c));
  return (
    <div className="panel__table-wrap" tabIndex={0} role="region" aria-label={props.label}>
      <table className={['panel__table', columns.length === 2 && 'panel__table--pairs', props.className].filter(Boolean).join(' ')}>
        <caption className={props.showCaption ? undefined : 'visually-hidden'}>{props.caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) =>
              c.header === '' ? (
                <td key={i} />
              ) : (
                <th key={i} scope="col" className={c.numeric ? 'num' : undefined}>
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const below = props.below?.(row);
            return <PanelRow key={props.rowKey(row)} row={row} columns={columns} below={below} />;
          })}
        </tbody>
      </table>
    </div>
  );
}

function PanelRow<T>({ row, columns, below }: { row: T; columns: PanelColumn<T>[]; below: ReactNode }) {
  return (
    <>
      <tr className={below ? 'panel-table__row--with-below' : undefined}>
        {columns.map((c, i) => {
          const label = c.actions || c.header === '' ? undefined : c.header;
          const className = cellClass(c as PanelColumn<unknown>);
          return c.rowHeader ? (
            <th key={i} scope="row" data-label={label} className={className}>
              {c.cell(row)}
            </th>
          ) : (
            <td key={i} data-label={label} className={className}>
              {c.cell(row)}
            </td>
          );
        })}
      </tr>
      {below && (
        <tr className="panel-table__below">
          <td colSpan={columns.length}>{below}</td>
        </tr>
      )}
    </>
  );
}
