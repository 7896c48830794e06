import type { ReactNode } from "react";
import { useSiteSettings } from "#app/components/site-settings";
import { seoContext, seoMeta } from "#app/domain/seo";
import type { Route } from "./+types/privacy";
import type { PageHandle } from "#app/domain/live";
import { TextLink } from "#app/components/ui";

/** Fixed text and the site settings (the root's topic): cached for visitors until a change names those topics. */
export const handle: PageHandle = { cache: {} };

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Privacy Policy",
    description:
      "What information this website collects, how it is used, where it is processed, when it is disclosed and how it is kept secure.",
    path: "/privacy",
    ...seoContext(matches),
  });

export default function Privacy() {
  const { companyName, contactEmail } = useSiteSettings();
  const mail = (
    <TextLink href={`mailto:${contactEmail}`} weight="medium" className="break-all">
      {contactEmail}
    </TextLink>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Privacy Policy</h1>
        <p className="mt-3 text-lg text-slate-700">
          {companyName} operates this website. This page explains what information we collect when you use it, what we
          do with it, and how we protect it.
        </p>
      </header>

      <div className="mt-8 space-y-10">
        <Section number={1} title="Information Collection and Use">
          <p>
            You can browse our products, read our news and download files without creating an account and without
            telling us who you are. We collect only what is needed to run the website:
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>Server logs.</strong> Like any web server, ours records each request: the page or file asked for,
              the time, and whether it succeeded. These records are used to keep the website running and secure.
            </li>
            <li>
              <strong>Sign-in protection.</strong> When someone tries to sign in or asks for a password reset, the
              network (IP) address of the request is counted for a short time, so that repeated guessing can be slowed
              down.
            </li>
            <li>
              <strong>E-mail.</strong> If you write to us, we receive your e-mail address and whatever you choose to
              tell us in your message.
            </li>
          </ul>
          <p>
            <strong>Cookies.</strong> This website sets only one cookie: a session cookie that keeps an administrator
            signed in, set when an administrator signs in and removed on sign-out. Visitors who do not sign in receive
            no cookies at all. We use no tracking, advertising or analytics cookies, and no third-party trackers.
          </p>
        </Section>

        <Section number={2} title="Use of Data">
          <p>We use the information described above only to:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>provide, operate and maintain the website;</li>
            <li>detect, prevent and investigate abuse, attacks and technical problems;</li>
            <li>answer your inquiries and provide the support you ask for.</li>
          </ul>
          <p>
            We do not sell your information, we do not build advertising profiles, and we do not send you marketing
            e-mail unless you ask us to.
          </p>
        </Section>

        <Section number={3} title="Transfer of Data">
          <p>
            Your information is processed and stored in the United States of America (USA). Data protection laws in the
            USA may differ from those of your country. If you are located outside the USA and choose to use this website
            or to contact us, you agree that your information is transferred to and processed in the USA.
          </p>
          <p>
            We take the steps reasonably necessary to make sure your information is treated securely and in accordance
            with this policy wherever it is processed.
          </p>
        </Section>

        <Section number={4} title="Disclosure of Data">
          <p>We do not share your information with anyone, except where we must or where it protects you:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>to comply with a legal obligation, a court order or a lawful request by public authorities;</li>
            <li>to protect and defend the rights, property or safety of {companyName}, our users or the public;</li>
            <li>
              to service providers that host and operate this website on our behalf, who may use it only for that
              purpose and must keep it confidential.
            </li>
          </ul>
        </Section>

        <Section number={5} title="Security of Data">
          <p>
            The security of your information matters to us. We serve this website over encrypted (HTTPS) connections,
            limit access to its administration to authorized staff with individual accounts, and store their passwords
            only in hashed form.
          </p>
          <p>
            No method of transmission over the Internet and no method of electronic storage is completely secure. While
            we use commercially reasonable means to protect your information, we cannot guarantee its absolute security.
          </p>
        </Section>
      </div>

      <footer className="mt-12 rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Questions about this policy</h2>
        <p className="mt-2">
          We may update this policy from time to time; the current version is always on this page. If you have any
          questions about it, or want to know what information we hold about you, please email us at {mail}.
        </p>
      </footer>
    </article>
  );
}

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `section-${number}`;
  return (
    <section aria-labelledby={id} className="space-y-4 text-slate-700">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
        {number}. {title}
      </h2>
      {children}
    </section>
  );
}
