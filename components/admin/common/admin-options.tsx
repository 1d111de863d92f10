// A select's listed choices, one <option> per item keyed by its value. The filters (reports, audit log,
// violations) each list a collection after their own 'all' option; this is that list, written once.

type OptionsProps<T> = {
  items: readonly T[] | undefined;
  value(item: T): string;
  label(item: T): string;
};

export function Options<T>({ items, value, label }: OptionsProps<T>) {
  return items?.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
