// {{name}} placeholders of a catalogue text filled in, for texts read straight from a part (the browser's scripts and
// what they share with the server); the server's pages use translator(), which does the same through i18next.
export function fillText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
