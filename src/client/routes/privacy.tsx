import { LegalPage, type LegalSection } from "../components/legal-page";

const CONTACT = "privacy@viberead.app";

const SECTIONS: LegalSection[] = [
  {
    id: "data-collected",
    heading: "Data we collect",
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> your email address, a salted hash of your password (never the password itself)
          and when you registered.
        </li>
        <li>
          <strong>Submitted content:</strong> the links you save, the article text, titles, authors and images we fetch
          for them, the summaries and topics we generate, your ratings and your search questions.
        </li>
        <li>
          <strong>Usage data:</strong> what you mark read or unread and when, processing status, and technical logs
          (such as IP address and browser type) kept for security and troubleshooting.
        </li>
      </ul>
    ),
  },
  {
    id: "use",
    heading: "How we use your data",
    body: (
      <p>
        To run VibeRead for you: sign you in, fetch and process your articles, write summaries, group topics, answer
        your searches, show your reading statistics, keep the service secure, and fix problems. We do not use your
        library to advertise to you.
      </p>
    ),
  },
  {
    id: "no-sale",
    heading: "No sale of data",
    body: <p>We do not sell your personal data, and we do not share it for cross-context advertising.</p>,
  },
  {
    id: "sharing",
    heading: "Sharing with providers",
    body: (
      <p>
        We use service providers to host and run VibeRead (our cloud platform, including its AI models that write
        summaries and embeddings, and its vector search). They process data only on our instructions and only to provide
        the service. We disclose data to authorities only where the law requires it.
      </p>
    ),
  },
  {
    id: "retention",
    heading: "Retention",
    body: (
      <p>
        We keep your account and library while your account exists. When you delete an article, it is removed from your
        library and search index. When you delete your account, your data is deleted within 30 days, except where the
        law requires us to keep it longer. Security logs are kept for a short period.
      </p>
    ),
  },
  {
    id: "security",
    heading: "Security",
    body: (
      <p>
        Passwords are stored only as salted PBKDF2 hashes, connections are encrypted, every query is limited to your own
        data, and fetching is guarded against requests to private networks. No system is perfectly secure, so please use
        a strong, unique password.
      </p>
    ),
  },
  {
    id: "choices",
    heading: "Your choices and rights",
    body: (
      <p>
        You can view, rate and delete your articles at any time, and sign out of a session. To take a copy of your
        library, open Settings, Export and download it as JSON, CSV, browser bookmarks (HTML) or Markdown. To delete
        your account, open Settings, Delete account and confirm with your password: your account and everything in it
        (articles, tags, ratings, topics, search history, tokens and sessions) are deleted at once and you are signed
        out. You may also ask us for a copy of your data, to correct it or to delete your account. Depending on where
        you live you may have further rights, including to object or to complain to a data protection authority.
      </p>
    ),
  },
  {
    id: "international",
    heading: "International transfers",
    body: (
      <p>
        VibeRead runs on a global cloud network, so your data may be processed in countries other than yours. Where we
        transfer personal data internationally, we rely on appropriate safeguards such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: "children",
    heading: "Children under 13",
    body: (
      <p>
        VibeRead is not for children under 13 and we do not knowingly collect their data. If you believe a child under
        13 has an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this policy",
    body: (
      <p>
        We may update this policy. We will change the effective date above and tell you in the app about material
        changes before they apply.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        Privacy questions or requests: <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what data VibeRead collects, why, and the choices you have."
      sections={SECTIONS}
    />
  );
}
