/** Avatar fallback: first two letters of the username, upper case; 'GU' (guest) without a name. */
export function initials(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  if (!trimmed) return "GU";
  return Array.from(trimmed).slice(0, 2).join("").toUpperCase();
}
