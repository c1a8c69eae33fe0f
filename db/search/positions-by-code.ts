// The positions of a column of codes (an ad's category, its barrio) grouped by code: where the catalogue index
// starts a search that names one (catalogue-index.ts).

/** For each code, the positions holding it, ascending. */
export function positionsByCode(codes: Uint8Array, codeCount: number): Int32Array[] {
  const counts = new Int32Array(codeCount);
  for (const code of codes) if (code < codeCount) counts[code]! += 1;
  const lists = Array.from(counts, (count) => new Int32Array(count));
  const filled = new Int32Array(codeCount);
  codes.forEach((code, i) => {
    if (code < codeCount) lists[code]![filled[code]!++] = i;
  });
  return lists;
}
