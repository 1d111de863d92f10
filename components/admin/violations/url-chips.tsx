/** PRODUCT §2: violated URLs as red chips, or a green 'None Found' chip when there are none. */
export function UrlChips({ urls }: { urls: string[] }) {
  if (urls.length === 0) {
    return <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset">None Found</span>;
  }
  return (
    <ul className="flex flex-wrap justify-end gap-1.5 md:justify-start" aria-label="Violated URLs">
      {urls.map((url, i) => (
        <li key={`${url}-${i}`} className="max-w-full rounded-full bg-red-50 px-2.5 py-0.5 font-mono text-xs break-all text-red-700 ring-1 ring-red-600/20 ring-inset">
          {url}
        </li>
      ))}
    </ul>
  );
}
