/** The small NDAA compliance mark on product summaries. */
export function NdaaIcon({ label }: { label: string }) {
  return (
    <span
      title={label}
      className="inline-flex items-center rounded bg-emerald-700 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white"
    >
      <span aria-hidden="true">NDAA</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The badge on a product page: `label` in the page's language. */
export function NdaaBadge({ label }: { label: string }) {
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-emerald-700 bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        <path d="M10 1l7 3v5c0 4.4-3 8.3-7 10-4-1.7-7-5.6-7-10V4l7-3zm-1 12.2l5.2-5.2-1.4-1.4L9 10.4 7.2 8.6 5.8 10 9 13.2z" />
      </svg>
      {label}
    </p>
  );
}
