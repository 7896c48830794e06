import { PageHero } from "#app/components/hero-image";
import { useSiteSettings } from "#app/components/site-settings";
import { TextAreaField, VisitorEmailField, VisitorFormSection } from "#app/components/visitor-form";
import { Card, TextLink } from "#app/components/ui";
import { TextField } from "#app/components/text-field";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES } from "#app/domain/contact";
import { contactSchema } from "#app/domain/forms/contact";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { answerVisitorForm } from "#app/server/platform/visitor-form.server";
import { keepRetryAfter } from "#app/server/platform/rate-limit-headers.server";
import { HERO_IMAGES, HERO_WIDTH, heroImageUrl } from "#app/domain/hero";
import { seoContext, seoMeta } from "#app/domain/seo";
import type { Route } from "./+types/contact";
import type { PageHandle } from "#app/domain/live";

/** Fixed text and the site settings (the root's topic): cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Contact",
    description:
      "Questions about our AI security cameras, a project quote or technical support? Write to us and the right person will answer.",
    path: "/contact",
    image: heroImageUrl("contact", HERO_WIDTH),
    imageAlt: HERO_IMAGES.contact.alt,
    ...seoContext(matches),
  });

const TOPICS = [
  { title: "Sales and projects", text: "Product selection, quotes, demo units and project registration." },
  {
    title: "Technical support",
    text: "Include the model, the firmware version and, if you can, the serial number of the device.",
  },
  { title: "Partners", text: "Become an installer or integrator partner, or reach your regional manager." },
] as const;

export const headers = keepRetryAfter;

const CONTACT_FIELDS = ["name", "email", "company", "product", "message"] as const;
type FieldErrors = Partial<Record<(typeof CONTACT_FIELDS)[number], string>>;

/** A visitor's message: checked, limited per client, kept for the inbox and mailed to the contact address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { contact } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  return answerVisitorForm({
    request,
    fields: CONTACT_FIELDS,
    schema: contactSchema,
    sentPath: SENT_PATH,
    send: (value) => contact.send(value, clientAddress),
    tooMany: CONTACT_MESSAGES.tooMany,
  });
}

const SENT_PATH = "/contact?sent=1";

export default function Contact({ actionData }: Route.ComponentProps) {
  const { contactEmail } = useSiteSettings();
  return (
    <div>
      <PageHero name="contact" />
      <div className="relative mx-auto -mt-8 max-w-3xl px-4 sm:-mt-16 lg:-mt-24">
        <Card title="Contact" className="sm:p-10">
          <p className="text-lg text-slate-700">
            For all inquiries, please email us at{" "}
            <TextLink href={`mailto:${contactEmail}`} weight="semibold" className="break-all">
              {contactEmail}
            </TextLink>
            .
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {TOPICS.map((topic) => (
              <li key={topic.title} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
                <h2 className="font-semibold text-slate-900">{topic.title}</h2>
                <p className="mt-1 text-sm text-slate-700">{topic.text}</p>
              </li>
            ))}
          </ul>
          <ContactForm answer={actionData} />
          <p className="mt-8 text-slate-700">
            Looking for a manual, a datasheet or new firmware? Most answers are a download away on our{" "}
            <TextLink to="/support" weight="medium">
              Support page
            </TextLink>
            .
          </p>
        </Card>
      </div>
    </div>
  );
}

type Answer = Route.ComponentProps["actionData"];

/** The form beside the address: it works without scripts; the server's messages show beside each field. */
function ContactForm({ answer }: { answer: Answer }) {
  const errors: FieldErrors = answer?.status === "invalid" ? answer.errors : {};
  const values = answer && "values" in answer ? answer.values : undefined;
  return (
    <VisitorFormSection
      className="mt-8"
      title="Write to us"
      action="/contact"
      answer={answer}
      sent={CONTACT_MESSAGES.sent}
      submitLabel="Send message"
      honeypotId="contact-website"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact-name"
          name="name"
          label="Name"
          autoComplete="name"
          required
          maxLength={200}
          defaultValue={values?.name}
          error={errors.name}
        />
        <VisitorEmailField id="contact-email" value={values?.email} error={errors.email} />
        <TextField
          id="contact-company"
          name="company"
          label="Company (optional)"
          autoComplete="organization"
          maxLength={200}
          defaultValue={values?.company}
          error={errors.company}
        />
        <TextField
          id="contact-product"
          name="product"
          label="Product model (optional)"
          autoComplete="off"
          maxLength={100}
          defaultValue={values?.product}
          error={errors.product}
        />
      </div>
      <TextAreaField
        id="contact-message"
        name="message"
        label="Message"
        maxLength={CONTACT_MESSAGE_MAX}
        defaultValue={values?.message}
        error={errors.message}
      />
    </VisitorFormSection>
  );
}
