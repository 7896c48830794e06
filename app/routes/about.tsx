import { PageHero } from "#app/components/hero-image";
import { useSiteSettings } from "#app/components/site-settings";
import { Card } from "#app/components/ui";
import { Link } from "#app/components/links";
import { HERO_IMAGES, HERO_WIDTH, heroImageUrl } from "#app/domain/hero";
import { seoContext, seoMeta } from "#app/domain/seo";
import type { Route } from "./+types/about";
import type { PageHandle } from "#app/domain/live";

/** Fixed text and the site settings (the root's topic): cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "About Us",
    description:
      "We design and manufacture AI-powered CCTV: security cameras with on-camera deep learning, network video recorders and video management software.",
    path: "/about",
    image: heroImageUrl("about", HERO_WIDTH),
    imageAlt: HERO_IMAGES.about.alt,
    ...seoContext(matches),
  });

const STRENGTHS = [
  {
    title: "AI on the edge",
    text: "Deep-learning analytics run inside every camera, not in a distant cloud: people and vehicles are told apart from rain, headlights and moving shadows before an alarm is ever raised.",
  },
  {
    title: "One system, end to end",
    text: "Cameras, recorders, accessories and our video management software are designed and tested together, so they work together from the first day.",
  },
  {
    title: "Built for trust",
    text: "Secure by default and kept that way with regular firmware releases. Our NDAA-compliant lines are made for government, education and critical-infrastructure projects.",
  },
  {
    title: "Partners, not just products",
    text: "Installers and integrators get project support, training and a direct line to the engineers who built the equipment.",
  },
] as const;

export default function About() {
  const { companyName } = useSiteSettings();
  return (
    <div>
      <PageHero name="about" />
      <div className="relative mx-auto -mt-8 max-w-4xl px-4 sm:-mt-16 lg:-mt-24">
        <Card title="About Us" className="sm:p-10">
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              {companyName} is a manufacturer of AI-powered CCTV: security cameras that understand what they see, the
              network video recorders that keep their footage, and the software that puts it all on one screen.
            </p>
            <p>
              We design our cameras around artificial intelligence from the start. Each one detects and classifies
              people and vehicles on the camera itself, reads licence plates, watches virtual lines and zones, and makes
              weeks of recordings searchable in seconds. Fewer false alarms mean that when a camera calls for attention,
              it deserves it.
            </p>
            <p>
              From compact domes for shops and offices to long-range PTZ, panoramic and thermal cameras for campuses,
              car parks and perimeters, our range covers sites of every size, and every product is backed by
              documentation, firmware updates and a support team that answers.
            </p>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {STRENGTHS.map((strength) => (
              <li key={strength.title} className="rounded-lg border border-slate-200 bg-slate-50 p-5">
                <h2 className="font-semibold text-slate-900">{strength.title}</h2>
                <p className="mt-1 text-slate-700">{strength.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/catalog"
              className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900"
            >
              Browse our products
            </Link>
            <Link
              to="/contact"
              className="inline-flex rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Contact us
            </Link>
          </p>
        </Card>
      </div>
    </div>
  );
}
