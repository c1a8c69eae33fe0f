// The shape of a part of the catalogue in another language: the same keys as its Spanish texts, each a text.
export type Texts<Spanish> = { readonly [Key in keyof Spanish]: string };

type Labelled = readonly { readonly value: string; readonly label: string }[];
/** { value: label } of a list of values with their Spanish labels: the Spanish texts of a part keyed by the value. */
export const labelsOf = <const L extends Labelled>(list: L) =>
  Object.fromEntries(list.map((item) => [item.value, item.label])) as { readonly [V in L[number]['value']]: string };
