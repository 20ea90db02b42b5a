/**
 * D154: the site's ads.txt (IAB Tech Lab ads.txt 1.1), checked line by line. Zod-free so that the CMS card checks
 * as one types and the server checks the same way before it stores.
 */

export const ADS_TXT_LIMITS = { maxChars: 65_536, maxLines: 2_000, maxErrorsShown: 5 } as const;

/** The variables ads.txt 1.1 defines (case-insensitive); the others are refused as typing errors. */
export const ADS_TXT_VARIABLES = ["contact", "subdomain", "inventorypartnerdomain", "ownerdomain", "managerdomain"];

export type AdsTxtError = { line: number; message: string };

// a host name with at least one dot: labels of letters, digits and hyphens, not starting or ending with a hyphen
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const CERTIFICATION_ID = /^[a-z0-9]{1,64}$/i;
const COUNTRY = /^[a-z]{2}$/i;

function checkVariable(name: string, value: string): string | null {
  const key = name.toLowerCase();
  if (!ADS_TXT_VARIABLES.includes(key))
    return `"${name}" is not an ads.txt variable (use contact, subdomain, inventorypartnerdomain, ownerdomain or managerdomain)`;
  if (value === "") return `${name}= needs a value`;
  if (key === "subdomain" || key === "ownerdomain" || key === "inventorypartnerdomain") {
    if (!DOMAIN.test(value)) return `${name}= takes a domain name, such as example.com`;
  }
  if (key === "managerdomain") {
    const [domain, country, ...rest] = value.split(",").map((p) => p.trim());
    if (!DOMAIN.test(domain ?? "") || (country !== undefined && !COUNTRY.test(country)) || rest.length)
      return `${name}= takes a domain name and, optionally, a two-letter country code: example.com, US`;
  }
  return null;
}

function checkRecord(data: string): string | null {
  // an extension after ";" is the exchange's own and not checked
  const fields = data
    .split(";")[0]!
    .split(",")
    .map((f) => f.trim());
  if (fields.length < 3 || fields.length > 4)
    return "A record is: ad system domain, publisher id, DIRECT or RESELLER[, certification authority id]";
  const [domain, publisherId, relationship, certification] = fields as [string, string, string, string | undefined];
  if (!DOMAIN.test(domain)) return `"${domain}" is not a domain name (the ad system's, such as google.com)`;
  if (publisherId === "" || /\s/.test(publisherId)) return "The publisher id must be one word";
  if (!/^(direct|reseller)$/i.test(relationship)) return `The third field is DIRECT or RESELLER, not "${relationship}"`;
  if (certification && !CERTIFICATION_ID.test(certification))
    return "The certification authority id is letters and digits only";
  return null;
}

/** Every line that is not a comment, a blank, a variable or a record, with why. */
export function checkAdsTxt(text: string): AdsTxtError[] {
  const errors: AdsTxtError[] = [];
  if (text.length > ADS_TXT_LIMITS.maxChars)
    return [{ line: 0, message: `ads.txt may be at most ${ADS_TXT_LIMITS.maxChars.toLocaleString("en")} characters` }];
  const lines = text.split(/\r?\n/);
  if (lines.length > ADS_TXT_LIMITS.maxLines)
    return [{ line: 0, message: `ads.txt may be at most ${ADS_TXT_LIMITS.maxLines.toLocaleString("en")} lines` }];
  lines.forEach((raw, i) => {
    const data = raw.split("#")[0]!.trim();
    if (data === "") return;
    const variable = /^([a-z]+)\s*=\s*(.*)$/i.exec(data);
    const message =
      variable && !data.slice(0, data.indexOf("=")).includes(",")
        ? checkVariable(variable[1]!, variable[2]!.trim())
        : checkRecord(data);
    if (message) errors.push({ line: i + 1, message });
  });
  return errors;
}

/** The errors as one message: the first few, each with its line. */
export function adsTxtErrorMessage(errors: readonly AdsTxtError[]): string {
  const shown = errors
    .slice(0, ADS_TXT_LIMITS.maxErrorsShown)
    .map((e) => (e.line ? `Line ${e.line}: ${e.message}` : e.message));
  const more = errors.length - shown.length;
  return more > 0 ? `${shown.join("; ")}; and ${more} more` : shown.join("; ");
}

/** What is stored and served: trailing spaces and blank lines at the end removed, lines ending in \n. */
export function normaliseAdsTxt(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trimEnd());
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines.length ? `${lines.join("\n")}\n` : "";
}
