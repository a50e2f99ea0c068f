/**
 * Which characters text may carry, decided once for the API and the forms.
 *
 * Refused anywhere: C0 control characters other than tab, line feed and carriage return, DEL and
 * the C1 controls, and UTF-16 halves without their partner. PostgreSQL cannot store NUL at all
 * (text or jsonb), and the others only ever arrive by mistake or as an attack on a terminal or log.
 */
const DISALLOWED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True if the text holds a character no field accepts (see above). */
export function hasDisallowedCharacters(text: string): boolean {
  return DISALLOWED.test(text);
}

/** The sentence for a field that holds such characters: "First name contains characters …". */
export const disallowedCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;

/**
 * Invisible characters that change how a name reads without showing themselves: bidirectional
 * embeddings, overrides and isolates (`invoice\u202Egnp.exe` shows as "invoiceexe.png"), marks,
 * zero-width spaces and joiners, the Arabic letter mark and the byte-order mark.
 */
const INVISIBLE =
  /[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]/g;

/**
 * Removes the invisible characters above. Applied where a name is stored to be shown to someone
 * else (display names, file names, project and product names); message bodies keep them, since
 * joiners there build emoji and scripts.
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}
