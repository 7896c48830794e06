import { z } from "zod";
import { normalizeText, wordsOf } from "#app/domain/search-text";

/** Sets of synonyms the owner may keep: enough for a catalog's vocabulary in several languages. */
export const MOST_SYNONYM_SETS = 300;
/** Phrases in one set, at most. */
export const MOST_PHRASES = 12;
/** Characters in one phrase, at most. */
export const LONGEST_PHRASE = 60;

/**
 * The synonyms as the owner writes them, one set a line, its phrases separated by commas ("LPR,
 * license plate, number plate"), read into sets of trimmed phrases. Blank lines are skipped. Each line
 * is checked on its own and named in its message: a set needs two phrases, each phrase a word.
 */
export function parseSynonymLines(text: string): { sets: string[][]; problems: string[] } {
  const sets: string[][] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const where = `Line ${index + 1}`;
    const phrases = line
      .split(",")
      .map((phrase) => phrase.trim().replace(/\s+/g, " "))
      .filter((phrase) => phrase !== "");
    if (phrases.length < 2) problems.push(`${where}: a set needs at least two phrases, separated by commas`);
    else if (phrases.length > MOST_PHRASES) problems.push(`${where}: at most ${MOST_PHRASES} phrases in a set`);
    else if (phrases.some((phrase) => phrase.length > LONGEST_PHRASE))
      problems.push(`${where}: a phrase has at most ${LONGEST_PHRASE} characters`);
    else if (phrases.some((phrase) => wordsOf(normalizeText(phrase)).length === 0))
      problems.push(`${where}: each phrase needs a letter or a digit`);
    else sets.push(phrases);
  });
  if (sets.length > MOST_SYNONYM_SETS) problems.push(`At most ${MOST_SYNONYM_SETS} sets of synonyms`);
  return { sets, problems };
}

/** The sets as the form shows them: one a line. */
export function synonymLines(sets: readonly (readonly string[])[]): string {
  return sets.map((set) => set.join(", ")).join("\n");
}

/** The search synonyms form, one set a line: the same schema checks the browser and the server. */
export const synonymsSchema = z.object({
  synonyms: z
    .string()
    .max(MOST_SYNONYM_SETS * MOST_PHRASES * (LONGEST_PHRASE + 2), "Too long")
    .default("")
    .superRefine((text, context) => {
      for (const message of parseSynonymLines(text).problems) context.addIssue({ code: "custom", message });
    }),
});
