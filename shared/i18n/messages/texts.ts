// The shape of a part of the catalogue in another language: the same keys as its Spanish texts, each a text.
export type Texts<Spanish> = { readonly [Key in keyof Spanish]: string };
