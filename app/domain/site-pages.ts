/**
 * The texts of the About and Privacy pages and the footer's note, as a site starts with them: the
 * owner edits them in the settings (Markdown for the pages). Until saved, the pages follow the
 * company's name. A module of its own, read by the server: no page's script carries these texts.
 */

/** The most characters of the About text and of the privacy policy. */
export const MOST_PAGE_LENGTH = 20_000;
/** The most characters of the footer's note. */
export const MOST_FOOTER_NOTE_LENGTH = 200;

/** The About page's text: paragraphs, then one "##" section a strength (the page sets them as tiles). */
export function defaultAboutPage(companyName: string): string {
  return [
    `${companyName} is a manufacturer of AI-powered CCTV: security cameras that understand what they see, the network video recorders that keep their footage, and the software that puts it all on one screen.`,
    "",
    "We design our cameras around artificial intelligence from the start. Each one detects and classifies people and vehicles on the camera itself, reads licence plates, watches virtual lines and zones, and makes weeks of recordings searchable in seconds. Fewer false alarms mean that when a camera calls for attention, it deserves it.",
    "",
    "From compact domes for shops and offices to long-range PTZ, panoramic and thermal cameras for campuses, car parks and perimeters, our range covers sites of every size, and every product is backed by documentation, firmware updates and a support team that answers.",
    "",
    "## AI on the edge",
    "",
    "Deep-learning analytics run inside every camera, not in a distant cloud: people and vehicles are told apart from rain, headlights and moving shadows before an alarm is ever raised.",
    "",
    "## One system, end to end",
    "",
    "Cameras, recorders, accessories and our video management software are designed and tested together, so they work together from the first day.",
    "",
    "## Built for trust",
    "",
    "Secure by default and kept that way with regular firmware releases. Our NDAA-compliant lines are made for government, education and critical-infrastructure projects.",
    "",
    "## Partners, not just products",
    "",
    "Installers and integrators get project support, training and a direct line to the engineers who built the equipment.",
  ].join("\n");
}

/** The privacy policy: an opening paragraph, then its five numbered sections. */
export function defaultPrivacyPolicy(companyName: string): string {
  return [
    `${companyName} operates this website. This page explains what information we collect when you use it, what we do with it, and how we protect it.`,
    "",
    "## 1. Information Collection and Use",
    "",
    "You can browse our products, read our news and download files without creating an account and without telling us who you are. We collect only what is needed to run the website:",
    "",
    "- **Server logs.** Like any web server, ours records each request: the page or file asked for, the time, and whether it succeeded. These records are used to keep the website running and secure.",
    "- **Sign-in protection.** When someone tries to sign in or asks for a password reset, the network (IP) address of the request is counted for a short time, so that repeated guessing can be slowed down.",
    "- **E-mail.** If you write to us, we receive your e-mail address and whatever you choose to tell us in your message.",
    "",
    "**Cookies.** This website sets only one cookie: a session cookie that keeps an administrator signed in, set when an administrator signs in and removed on sign-out. Visitors who do not sign in receive no cookies at all. We use no tracking, advertising or analytics cookies, and no third-party trackers.",
    "",
    "## 2. Use of Data",
    "",
    "We use the information described above only to:",
    "",
    "- provide, operate and maintain the website;",
    "- detect, prevent and investigate abuse, attacks and technical problems;",
    "- answer your inquiries and provide the support you ask for.",
    "",
    "We do not sell your information, we do not build advertising profiles, and we do not send you marketing e-mail unless you ask us to.",
    "",
    "## 3. Transfer of Data",
    "",
    "Your information is processed and stored in the United States of America (USA). Data protection laws in the USA may differ from those of your country. If you are located outside the USA and choose to use this website or to contact us, you agree that your information is transferred to and processed in the USA.",
    "",
    "We take the steps reasonably necessary to make sure your information is treated securely and in accordance with this policy wherever it is processed.",
    "",
    "## 4. Disclosure of Data",
    "",
    "We do not share your information with anyone, except where we must or where it protects you:",
    "",
    "- to comply with a legal obligation, a court order or a lawful request by public authorities;",
    `- to protect and defend the rights, property or safety of ${companyName}, our users or the public;`,
    "- to service providers that host and operate this website on our behalf, who may use it only for that purpose and must keep it confidential.",
    "",
    "## 5. Security of Data",
    "",
    "The security of your information matters to us. We serve this website over encrypted (HTTPS) connections, limit access to its administration to authorized staff with individual accounts, and store their passwords only in hashed form.",
    "",
    "No method of transmission over the Internet and no method of electronic storage is completely secure. While we use commercially reasonable means to protect your information, we cannot guarantee its absolute security.",
  ].join("\n");
}
