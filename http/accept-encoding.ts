/**
 * Whether an Accept-Encoding header allows an encoding (RFC 9110 §12.5.3): a q of 0 refuses it, `*`
 * stands for any encoding the header does not name. Which allowed encoding to send is the caller's
 * choice (the smallest), not the header's order: browsers list gzip first and brotli last.
 */
export function acceptsEncoding(header: string | undefined): (encoding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name.trim()) weights.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  return (encoding) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
}
