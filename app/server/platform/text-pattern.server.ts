import { sql, type AnyColumn, type SQL } from "drizzle-orm";

const ASCII_WORD_CHAR = /^[a-z0-9]$/;

/**
 * A PostgreSQL regular expression that finds `term` literally, in any letter case, in text that went
 * through SQL lower(). Not a LIKE pattern: lower() folds only ASCII letters when the database's
 * LC_CTYPE is C (a server's may be C or a language's), so every other letter is matched in each of
 * its case forms, which a regular expression can say and LIKE cannot. The match then agrees with
 * JavaScript's toLowerCase on every server.
 */
export function lowerCasedTextPattern(term: string): string {
  let pattern = "";
  for (const char of term) {
    if (char.length === 1 && char.charCodeAt(0) < 0x80) {
      const lower = char.toLowerCase();
      // In an ARE, a backslash before any non-alphanumeric character makes it literal.
      pattern += ASCII_WORD_CHAR.test(lower) ? lower : `\\${char}`;
      continue;
    }
    const forms = new Set(
      [char, char.toLowerCase(), char.toUpperCase(), char.toLowerCase().toUpperCase(), char.toUpperCase().toLowerCase()]
        // A form of several characters ("ß" upper-cases to "SS") cannot sit in a bracket expression.
        .filter((form) => Array.from(form).length === 1),
    );
    // Letters are never bracket-expression metacharacters, and other non-ASCII characters are never
    // regular-expression metacharacters.
    pattern += forms.size > 1 ? `[${[...forms].join("")}]` : char;
  }
  return pattern;
}

/**
 * SQL: `text` holds `term` in any letter case, alike on every server locale. A term of ASCII characters
 * only is looked for with strpos: lower() folds ASCII letters on every locale, and the embedded database
 * runs strpos about twice as fast as a regular expression. Any other term uses the pattern above.
 */
export function holdsText(text: AnyColumn | SQL, term: string): SQL {
  if (/^\p{ASCII}*$/u.test(term)) return sql`strpos(lower(${text}), ${term.toLowerCase()}) > 0`;
  return sql`lower(${text}) ~ ${lowerCasedTextPattern(term)}`;
}
