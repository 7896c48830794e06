import { en, type Messages } from "./en";

// Translations of the interface's messages, by language tag. A language the site is published in
// without a catalog here, or a message a catalog lacks, falls back along the language's chain
// (`de-CH` to `de` first), then to English; `npm test` lists what each catalog lacks.

const de: Messages = {
  "languageNotice.offer": "Diese Seite gibt es auch auf {language}",
  "languageNotice.decline": "Nein, danke",
  "languageNotice.label": "Sprachvorschlag",
};

const fr: Messages = {
  "languageNotice.offer": "Cette page existe aussi en {language}",
  "languageNotice.decline": "Non merci",
  "languageNotice.label": "Suggestion de langue",
};

const es: Messages = {
  "languageNotice.offer": "Esta página también está en {language}",
  "languageNotice.decline": "No, gracias",
  "languageNotice.label": "Sugerencia de idioma",
};

const it: Messages = {
  "languageNotice.offer": "Questa pagina è disponibile anche in {language}",
  "languageNotice.decline": "No, grazie",
  "languageNotice.label": "Suggerimento di lingua",
};

const pt: Messages = {
  "languageNotice.offer": "Esta página também está disponível em {language}",
  "languageNotice.decline": "Não, obrigado",
  "languageNotice.label": "Sugestão de idioma",
};

const ja: Messages = {
  "languageNotice.offer": "このページは{language}でもご覧いただけます",
  "languageNotice.decline": "いいえ、結構です",
  "languageNotice.label": "言語の提案",
};

const ar: Messages = {
  "languageNotice.offer": "هذه الصفحة متوفرة أيضًا باللغة {language}",
  "languageNotice.decline": "لا، شكرًا",
  "languageNotice.label": "اقتراح لغة",
};

const zhHans: Messages = {
  "languageNotice.offer": "此页面也有{language}版本",
  "languageNotice.decline": "不用了，谢谢",
  "languageNotice.label": "语言建议",
};

export const MESSAGE_CATALOGS: Readonly<Record<string, Messages>> = {
  en,
  de,
  fr,
  es,
  it,
  pt,
  ja,
  ar,
  zh: zhHans,
  "zh-Hans": zhHans,
};
