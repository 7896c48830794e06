import { PageHero } from "#app/components/hero-image";
import { useSiteSettings } from "#app/components/site-settings";
import { TextAreaField, VisitorEmailField, VisitorFormSection } from "#app/components/visitor-form";
import { Card, TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { CONTACT_MESSAGE_MAX } from "#app/domain/contact";
import { contactSchemaIn } from "#app/domain/forms/contact";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { answerVisitorForm } from "#app/server/platform/visitor-form.server";
import { keepRetryAfter } from "#app/server/platform/rate-limit-headers.server";
import { fieldMessages, formatMessage, languagePart, messageChain } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import { aroundMark, VALUE_MARK } from "#app/domain/languages";
import { HERO_WIDTH, heroImageUrl } from "#app/domain/hero";
import { seoContext, seoMeta } from "#app/domain/seo";
import type { Route } from "./+types/contact";
import type { PageHandle } from "#app/domain/live";

/** Fixed text and the site settings (the root's topic): cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    title: loaderData?.words.text.title ?? "",
    description: loaderData?.words.text.description ?? "",
    path: "/contact",
    image: heroImageUrl("contact", HERO_WIDTH),
    imageAlt: loaderData?.words.text.heroAlt ?? "",
    ...seoContext(matches),
  });

export const headers = keepRetryAfter;

/** The page's words in its language (its part's language: the form's words and messages follow it). */
function contactWords(context: Route.LoaderArgs["context"]) {
  return pageWords("contact", messageChain(context.get(requestContext).language), {
    email: VALUE_MARK,
    support: VALUE_MARK,
  });
}

/** The page's words, the form's in the same language, and the sentences around their links. */
export function loader({ context }: Route.LoaderArgs) {
  const words = contactWords(context);
  const [beforeAddress, afterAddress] = aroundMark(words.text.intro);
  const [beforeSupport, afterSupport] = aroundMark(words.text.downloads);
  return {
    words,
    formWords: languagePart("visitorForm", [words.lang]).text,
    beforeAddress,
    afterAddress,
    beforeSupport,
    afterSupport,
  };
}

const CONTACT_FIELDS = ["name", "email", "company", "product", "message"] as const;
type FieldErrors = Partial<Record<(typeof CONTACT_FIELDS)[number], string>>;

/**
 * A visitor's message: checked, limited per client, kept for the inbox and mailed to the contact
 * address. What the server says of a field, and of too many messages, is in the page's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { contact } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const language = contactWords(context).lang;
  return answerVisitorForm({
    request,
    fields: CONTACT_FIELDS,
    schema: contactSchemaIn(fieldMessages(language)),
    sentPath: SENT_PATH,
    send: (value) => contact.send(value, clientAddress),
    tooMany: (seconds) =>
      formatMessage("contactForm.tooMany", [language], { minutes: Math.max(1, Math.ceil(seconds / 60)) }).text,
  });
}

const SENT_PATH = "/contact?sent=1";

/** The three kinds of question the page names, by their messages. */
const TOPICS = ["sales", "support", "partners"] as const;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { words, beforeAddress, afterAddress, beforeSupport, afterSupport } = loaderData;
  const { text } = words;
  const { contactEmail } = useSiteSettings();
  return (
    <div lang={words.lang} dir={words.dir}>
      <PageHero name="contact" alt={text.heroAlt} />
      <div className="relative mx-auto -mt-8 max-w-3xl px-4 sm:-mt-16 lg:-mt-24">
        <Card title={text.title} className="sm:p-10">
          <p className="text-lg text-slate-700">
            {beforeAddress}
            <TextLink href={`mailto:${contactEmail}`} weight="semibold" className="break-all">
              {contactEmail}
            </TextLink>
            {afterAddress}
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {TOPICS.map((topic) => (
              <li key={topic} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
                <h2 className="font-semibold text-slate-900">{text[`${topic}Title`]}</h2>
                <p className="mt-1 text-sm text-slate-700">{text[`${topic}Text`]}</p>
              </li>
            ))}
          </ul>
          <ContactForm answer={actionData} words={loaderData} />
          <p className="mt-8 text-slate-700">
            {beforeSupport}
            <TextLink to="/support" weight="medium">
              {text.supportLink}
            </TextLink>
            {afterSupport}
          </p>
        </Card>
      </div>
    </div>
  );
}

type Answer = Route.ComponentProps["actionData"];

/** The form beside the address: it works without scripts; the server's messages show beside each field. */
function ContactForm({ answer, words }: { answer: Answer; words: Route.ComponentProps["loaderData"] }) {
  const errors: FieldErrors = answer?.status === "invalid" ? answer.errors : {};
  const values = answer && "values" in answer ? answer.values : undefined;
  const { text } = words.words;
  return (
    <VisitorFormSection
      className="mt-8"
      title={text.formTitle}
      action="/contact"
      answer={answer}
      sent={text.sent}
      submitLabel={text.send}
      honeypotId="contact-website"
      words={words.formWords}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact-name"
          name="name"
          label={text.name}
          autoComplete="name"
          required
          maxLength={200}
          defaultValue={values?.name}
          error={errors.name}
        />
        <VisitorEmailField
          id="contact-email"
          label={words.formWords.email}
          value={values?.email}
          error={errors.email}
        />
        <TextField
          id="contact-company"
          name="company"
          label={text.company}
          autoComplete="organization"
          maxLength={200}
          defaultValue={values?.company}
          error={errors.company}
        />
        <TextField
          id="contact-product"
          name="product"
          label={text.product}
          autoComplete="off"
          maxLength={100}
          defaultValue={values?.product}
          error={errors.product}
        />
      </div>
      <TextAreaField
        id="contact-message"
        name="message"
        label={text.message}
        maxLength={CONTACT_MESSAGE_MAX}
        defaultValue={values?.message}
        error={errors.message}
      />
    </VisitorFormSection>
  );
}
