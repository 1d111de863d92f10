const FORMATS = [
  { label: "Full URL", example: "https://example.com/offers" },
  { label: "Domain (covers its subdomains)", example: "example.com" },
  { label: "Email domain", example: "*@example.com" },
  { label: "URL wildcard", example: "example.com/blog/*" },
];

/** The Add/Edit Pattern modal's list of supported formats (PRODUCT §2). */
export function SupportedFormats() {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Supported formats</p>
      <ul className="mt-2 space-y-1.5 text-sm">
        {FORMATS.map((format) => (
          <li key={format.label} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <span className="text-slate-600">{format.label}</span>
            <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200">{format.example}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
