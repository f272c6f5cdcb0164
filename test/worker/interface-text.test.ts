import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { summarizeExtractively } from "../../src/worker/domain/extractive-summary";
import { isInterfaceMessage, readsAsInterfaceText } from "../../src/worker/domain/interface-text";
import { api, registerUser, waitForProcessed } from "./helpers";

/**
 * Pages whose text is mostly their interface (a sign-in form's messages) are not summarised, and no summary quotes
 * such a message. The fixture pages (test/fixtures/pages) are modelled on a broadcaster's video page a reader saved:
 * its summary was "Das Passwort muss mindestens einen Großbuchstaben enthalten." and two more form messages.
 */
const origin = () => inject("fixtureOrigin");

const TEASER_DE = "Die Eishockey-Liga steht still. Die Hallen sind leer, die Spieler trainieren zu Hause.";
const FORM_DE = [
  "Das Passwort muss mindestens 8 Zeichen lang sein.",
  "Das Passwort muss mindestens einen Großbuchstaben enthalten.",
  "Bitte trage eine E-Mail-Adresse ein.",
  "Diese E-Mail-Adresse ist bereits bei uns registriert.",
  "Bitte stimme unserer Datenschutzerklärung zu.",
  "Benutzername",
];
const FORM_EN = [
  "Your password must be at least 8 characters long.",
  "Your password must contain at least one capital letter.",
  "Please enter your email address.",
  "This email address is already registered. Did you mean to sign in?",
  "Please accept our privacy policy.",
  "Username",
];

/** An article about passwords: it speaks of them, in paragraphs, as an article does. */
const PASSWORD_ARTICLE_EN = [
  "Security researchers found that most people still use passwords they can remember, and attackers know it.",
  "A password must be long rather than complicated, the new guidance says: a sentence of four ordinary words is harder to guess than a short string of symbols, and far easier to type on a phone. The agency dropped its old advice to change passwords every ninety days, which made people pick weaker ones.",
  "Password managers help, the researchers say, because they remember a different password for every account, and sign-in with a second factor stops most attacks that start with a stolen password.",
  "Companies are moving to passkeys, which replace the password with a key kept on the phone.",
].join("\n\n");

describe("interface text (de, en)", () => {
  it("reads a page of form messages as interface text, and an article about passwords as an article", () => {
    expect(readsAsInterfaceText([TEASER_DE, ...FORM_DE].join("\n\n"))).toBe(true);
    expect(readsAsInterfaceText(["The final went to extra time.", ...FORM_EN].join("\n\n"))).toBe(true);
    expect(readsAsInterfaceText(PASSWORD_ARTICLE_EN)).toBe(false);
    expect(FORM_DE.slice(0, 5).every(isInterfaceMessage)).toBe(true);
    expect(isInterfaceMessage("Die Spieler trainieren zu Hause, bis die Liga wieder beginnt.")).toBe(false);
  });

  it("never quotes a form's message in a summary (de, en)", () => {
    const german = summarizeExtractively(
      "Eishockey in Zeiten der Pandemie",
      [TEASER_DE, ...FORM_DE].join("\n\n"),
      "de",
    );
    expect(german).toContain("Die Eishockey-Liga steht still.");
    expect(german).not.toMatch(/Passwort|E-Mail|Datenschutz/);
    const english = summarizeExtractively(
      "Cup final",
      ["The cup final went to extra time. Both goalkeepers saved a penalty.", ...FORM_EN].join("\n\n"),
      "en",
    );
    expect(english).toContain("The cup final went to extra time.");
    expect(english).not.toMatch(/password|email|privacy/i);
  });
});

describe("a saved page that is not an article", () => {
  for (const { page, title, site, date } of [
    {
      page: "de-video-anmeldung.html",
      title: "Eishockey in Zeiten der Pandemie",
      site: "Beispiel-Mediathek",
      date: "2020-04-04T20:57:00.000+02:00",
    },
    {
      page: "en-video-signin.html",
      title: "Cup final: the best moments",
      site: "Example Player",
      date: "2021-05-15T18:30:00Z",
    },
  ]) {
    it(`completes without a summary, says why, and Re-summarize refuses (${page})`, async () => {
      await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
      await workflows.modifyAll(async (m) => m.disableSleeps());
      const user = await registerUser();
      const saved = await api("POST", "/api/articles/", {
        token: user.token,
        body: { url: `${origin()}/pages/${page}` },
      });
      expect(saved.status).toBe(201);
      const article = await waitForProcessed(user.token, saved.body.id);
      expect(article).toMatchObject({
        processing_status: "completed",
        reads_as_article: false,
        summary: null,
        processing_error: null,
        title,
        site_name: site,
        publish_date: date,
      });
      const again = await api("POST", `/api/articles/${article.id}/regenerate-summary`, { token: user.token });
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatch(/could not be read as an article/);
      expect((await api("GET", `/api/articles/${article.id}`, { token: user.token })).body.summary).toBeNull();
    });
  }

  it("still summarises an article (reads_as_article true)", async () => {
    const user = await registerUser();
    const saved = await api("POST", "/api/articles/", {
      token: user.token,
      body: { url: `${origin()}/article?title=Bees` },
    });
    const article = await waitForProcessed(user.token, saved.body.id);
    expect(article).toMatchObject({ processing_status: "completed", reads_as_article: true });
    expect(article.summary).toMatch(/^\*\*/);
  });
});
