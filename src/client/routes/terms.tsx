import { LegalPage, type LegalSection } from "../components/legal-page";

const CONTACT = "legal@viberead.app";

const SECTIONS: LegalSection[] = [
  {
    id: "overview",
    heading: "Overview",
    body: (
      <p>
        VibeRead is a read-it-later service: you save links to articles, and we fetch them, extract their text, detect
        their language, write summaries, group them into topics and let you search them. These terms are an agreement
        between you and VibeRead. By creating an account or using the service you accept them.
      </p>
    ),
  },
  {
    id: "eligibility",
    heading: "Eligibility",
    body: (
      <p>
        You must be at least 13 years old to use VibeRead. If you are under the age of majority where you live, you may
        use VibeRead only with the consent of a parent or guardian who accepts these terms for you.
      </p>
    ),
  },
  {
    id: "accounts",
    heading: "Accounts",
    body: (
      <p>
        You register with an email address and a password. Keep your password secret: you are responsible for what
        happens under your account. Tell us at once if you believe someone else has used it. One person, one account.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    heading: "Acceptable use",
    body: (
      <ul>
        <li>Do not use VibeRead to break the law or to infringe anyone's rights.</li>
        <li>Do not try to reach other users' data, probe or overload the service, or get around its limits.</li>
        <li>Do not use VibeRead to fetch addresses you are not allowed to access, or to attack other systems.</li>
        <li>Do not resell the service or scrape it with automated tools beyond its normal use.</li>
      </ul>
    ),
  },
  {
    id: "content",
    heading: "Content and intellectual property",
    body: (
      <p>
        The articles you save belong to their authors and publishers. We keep a copy for your personal reading only and
        never publish it. You keep every right in what you submit, and give us the limited permission we need to store,
        process and show it to you. The VibeRead software, name and design are ours.
      </p>
    ),
  },
  {
    id: "ai-output",
    heading: "AI output may be inaccurate",
    body: (
      <p>
        Summaries, topic labels, related articles, search answers and match explanations are produced automatically.
        They can be incomplete, out of date or simply wrong. Read the original article before you rely on anything
        important, and do not treat AI output as professional advice.
      </p>
    ),
  },
  {
    id: "privacy",
    heading: "Privacy",
    body: (
      <p>
        How we collect and use your data is described in our <a href="#/privacy">Privacy Policy</a>, which is part of
        these terms.
      </p>
    ),
  },
  {
    id: "termination",
    heading: "Termination",
    body: (
      <p>
        You may stop using VibeRead and ask us to delete your account at any time. We may suspend or close an account
        that breaks these terms or puts the service or other users at risk; where we can, we will tell you first and let
        you export your saved links.
      </p>
    ),
  },
  {
    id: "disclaimers",
    heading: "Disclaimers and limitation of liability",
    body: (
      <p>
        VibeRead is provided "as is" and "as available", without warranties of any kind. Sites may block fetching or
        change their pages, so some articles cannot be processed. To the extent the law allows, we are not liable for
        indirect or consequential losses, or for the loss of saved content.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    body: (
      <p>
        We may update these terms. We will change the effective date above and, for material changes, tell you in the
        app before they apply. If you keep using VibeRead after that, you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="Please read these terms carefully. They explain what you can expect from VibeRead and what we expect from you."
      sections={SECTIONS}
    />
  );
}
