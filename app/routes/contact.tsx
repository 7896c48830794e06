import { PageHero } from "#app/components/hero-image";
import { useSiteSettings } from "#app/components/site-settings";
import { Card, TextLink } from "#app/components/ui";
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

export default function Contact() {
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
