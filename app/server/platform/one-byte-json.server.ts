/**
 * `json` with every character past Latin-1 written as its JSON escape. V8 keeps a string a byte a
 * character only while all its characters are Latin-1; one en dash makes the whole text two bytes a
 * character. Escaped, a text held for a long time (a product's specification table, decision 077)
 * takes half the memory, and `JSON.parse` reads the same values back.
 */
export function oneByteJson(json: string): string {
  return json.replace(/[\u0100-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
