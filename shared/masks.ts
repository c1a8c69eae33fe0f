// Multi-valued ad attributes (days, time slots, languages, services, attention) are stored as bit masks:
// bit i stands for the i-th value of the catalogue list, so adding a value at the end never renumbers.

type ValueList = readonly { value: string }[];

export function toMask(list: ValueList, values: readonly string[]): number {
  let mask = 0;
  list.forEach((item, i) => {
    if (values.includes(item.value)) mask |= 1 << i;
  });
  return mask;
}

export function fromMask<T extends string>(list: readonly { value: T }[], mask: number): T[] {
  return list.filter((_, i) => (mask & (1 << i)) !== 0).map((item) => item.value);
}
