/**
 * Interface text: what a page says to its visitor as software rather than as an article. A sign-in or registration
 * form's labels and messages ("Das Passwort muss mindestens einen Großbuchstaben enthalten.", "Please enter a valid
 * email address."), a cookie or consent notice, password rules. Some pages are mostly that once their article
 * furniture is gone: a video page whose visible text is its player and the account dialog around it. Such a page
 * is not summarised (docs/processing.md, "Pages that are not articles"), and no summary quotes such a line.
 *
 * Read line by line (a paragraph of the extracted text): a form's messages stand one to a line, an article's
 * sentences about passwords sit in paragraphs among others.
 */

/**
 * The things an interface talks about: account, password, e-mail address, sign-in, registration, cookies,
 * consent, terms, required fields. Word beginnings, lower case, in the languages the product writes summaries in
 * most (de, en, fr, es, it, nl, pt, pl).
 */
const INTERFACE_TERMS = [
  // de
  "passwort",
  "kennwort",
  "e-mail-adresse",
  "email-adresse",
  "mailadresse",
  "benutzername",
  "nutzername",
  "anzeigename",
  "kundenkonto",
  "konto",
  "anmelde",
  "anmeldung",
  "einlogg",
  "registrier",
  "zugangsdaten",
  "datenschutzerklärung",
  "datenschutzbestimmung",
  "nutzungsbedingung",
  "einverständnis",
  "einwilligung",
  "pflichtfeld",
  "kinderprofil",
  // en
  "password",
  "email address",
  "e-mail address",
  "username",
  "user name",
  "display name",
  "account",
  "sign in",
  "sign-in",
  "sign up",
  "log in",
  "login",
  "register",
  "registration",
  "privacy policy",
  "terms of use",
  "terms of service",
  "terms and conditions",
  "consent",
  "required field",
  "captcha",
  "verification code",
  // shared
  "cookie",
  // fr
  "mot de passe",
  "adresse e-mail",
  "adresse électronique",
  "identifiant",
  "compte",
  "connexion",
  "se connecter",
  "inscription",
  "politique de confidentialité",
  "conditions d'utilisation",
  "consentement",
  "champ obligatoire",
  // es, pt, it
  "contraseña",
  "correo electrónico",
  "nombre de usuario",
  "iniciar sesión",
  "registro",
  "política de privacidad",
  "términos y condiciones",
  "consentimiento",
  "campo obligatorio",
  "senha",
  "endereço de e-mail",
  "cadastro",
  "política de privacidade",
  "indirizzo email",
  "nome utente",
  "accedi",
  "registrazione",
  "campo obbligatorio",
  // nl, pl
  "wachtwoord",
  "e-mailadres",
  "gebruikersnaam",
  "inloggen",
  "aanmelden",
  "privacybeleid",
  "hasło",
  "adres e-mail",
  "nazwa użytkownika",
  "zaloguj",
  "zarejestruj",
  "polityka prywatności",
];

/**
 * How a form speaks: what a field must hold, asking the visitor to do something, saying an entry is wrong or
 * already taken, that something failed. Word beginnings, lower case.
 */
const FORM_CUES = [
  // de
  "muss",
  "müssen",
  "bitte",
  "ungültig",
  "falsch",
  "nicht korrekt",
  "bereits",
  "vorhanden",
  "erforderlich",
  "leider",
  "fehlgeschlagen",
  "nicht funktioniert",
  "vergessen",
  "akzeptier",
  "stimme",
  "bestätig",
  "gib ",
  "geben sie",
  "trage",
  "wähle",
  "mindestens",
  // en
  "must",
  "please",
  "invalid",
  "incorrect",
  "required",
  "already",
  "does not match",
  "doesn't match",
  "at least",
  "forgot",
  "accept",
  "agree",
  "confirm",
  "enter ",
  "failed",
  "try again",
  "characters",
  // fr
  "doit",
  "veuillez",
  "invalide",
  "obligatoire",
  "déjà",
  "au moins",
  "oublié",
  "accepte",
  "saisi",
  "caractères",
  // es, pt, it
  "debe",
  "por favor",
  "inválid",
  "obligatori",
  "al menos",
  "olvid",
  "acept",
  "introduce",
  "caracteres",
  "deve",
  "per favore",
  "non valid",
  "obbligatori",
  "almeno",
  "inserisci",
  "caratteri",
  "digite",
  "esqueceu",
  // nl, pl
  "moet",
  "ongeldig",
  "onjuist",
  "verplicht",
  "minimaal",
  "vergeten",
  "akkoord",
  "tekens",
  "musi",
  "nieprawidłow",
  "wymagane",
  "co najmniej",
  "zapomniał",
];

/**
 * Terms that are whole words, which longer words only begin ("accounting", "registered office", "consenting" stay
 * out; plurals and "-ed" forms count): the others are stems of compounds ("Passwortregeln", "Kunden-Konto").
 */
const WHOLE_WORDS = new Set(["account", "register", "login", "consent", "compte", "registro", "konto", "accedi"]);

/** A form's message is one short line; a paragraph this long is prose, whatever it mentions. */
const MESSAGE_MAX_WORDS = 30;
/** A line this short that names an interface thing is a label ("Benutzername", "Passwort vergessen?"). */
const LABEL_MAX_WORDS = 5;

/** A page is read as interface text when at least this share of its text is, */
const INTERFACE_SHARE = 0.5;
/** in at least this many lines, */
const INTERFACE_LINES_MIN = 3;
/** and what is left is too short to be an article (a teaser of a few sentences). */
const ARTICLE_MIN_CHARS = 1200;

/** True when `line` is a form's label or message, a consent or cookie line: software talking, not an article. */
export function isInterfaceLine(line: string): boolean {
  const words = wordCount(line);
  return isInterfaceMessage(line) || (words > 0 && words <= LABEL_MAX_WORDS && namesInterface(normalised(line)));
}

/**
 * True when `line` is a form's or a notice's message: it names an interface thing and speaks as a form does
 * ("… muss mindestens 8 Zeichen lang sein.", "Please enter a valid email address."). Never a summary's sentence.
 */
export function isInterfaceMessage(line: string): boolean {
  const words = wordCount(line);
  if (words === 0 || words > MESSAGE_MAX_WORDS) return false;
  const text = normalised(line);
  return namesInterface(text) && FORM_CUES.some((cue) => containsTerm(text, cue, false));
}

function normalised(line: string): string {
  return ` ${line.toLowerCase().replace(/\s+/g, " ").trim()} `;
}

function wordCount(line: string): number {
  return line.trim().split(/\s+/).filter(Boolean).length;
}

function namesInterface(text: string): boolean {
  return INTERFACE_TERMS.some((term) => containsTerm(text, term, WHOLE_WORDS.has(term)));
}

/**
 * `term` where a word begins ("konto" in "Kunden-Konto", not in "Skonto"); with `whole`, also ending there or in a
 * plural or past ("accounts", "registered"), not in a longer word ("accounting").
 */
function containsTerm(text: string, term: string, whole: boolean): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (/[\p{L}\p{N}]/u.test(text[at - 1] ?? " ")) continue;
    if (!whole || /^(?:s|ed|en)?(?![\p{L}\p{N}])/u.test(text.slice(at + term.length))) return true;
  }
  return false;
}

export interface InterfaceTextShare {
  /** Characters of the lines that are interface text, and of all lines. */
  interfaceChars: number;
  totalChars: number;
  interfaceLines: number;
}

export function interfaceTextShare(text: string): InterfaceTextShare {
  let interfaceChars = 0;
  let totalChars = 0;
  let interfaceLines = 0;
  for (const raw of text.split(/\n+/)) {
    const line = raw.trim();
    if (!line) continue;
    totalChars += line.length;
    if (isInterfaceLine(line)) {
      interfaceChars += line.length;
      interfaceLines++;
    }
  }
  return { interfaceChars, totalChars, interfaceLines };
}

/**
 * True when the extracted text is mostly interface text: half of it or more, in three lines or more, with less
 * than an article's worth of other text beside it. The word lists of every language are read at once: a page's
 * interface is often in another language than its article.
 */
export function readsAsInterfaceText(text: string): boolean {
  const { interfaceChars, totalChars, interfaceLines } = interfaceTextShare(text);
  if (totalChars === 0 || interfaceLines < INTERFACE_LINES_MIN) return false;
  return interfaceChars / totalChars >= INTERFACE_SHARE && totalChars - interfaceChars < ARTICLE_MIN_CHARS;
}
