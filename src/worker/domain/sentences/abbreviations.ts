/**
 * Abbreviations that end in a full stop, per language, lower-cased and without their last full stop ("z.b" is
 * "z.B."). ICU's sentence rules (Intl.Segmenter) break after any "." before a capital letter, so without these
 * "President Obama told the U.N. | General Assembly" and "Mr. | Smith" would be two sentences each.
 *
 * `always`: practically never the last word of a sentence (titles, "z.B.", "p. ex."): the sentence goes on.
 * `maybe`: often inside a sentence, sometimes at its end ("etc.", "Inc.", months): the sentence goes on unless
 * the next word is a function word that typically starts a sentence ("… Apple Inc. The company …").
 */
export interface AbbreviationSet {
  always: ReadonlySet<string>;
  maybe: ReadonlySet<string>;
}

const MONTHS: Record<string, string> = {
  en: "jan feb mar apr jun jul aug sep sept oct nov dec",
  de: "jan feb mär märz apr jun jul aug sep sept okt nov dez",
  fr: "janv févr fév avr juil sept oct nov déc",
  es: "ene feb mar abr may jun jul ago sep sept oct nov dic",
  it: "gen feb mar apr mag giu lug ago set sett ott nov dic",
  pt: "jan fev mar abr mai jun jul ago set out nov dez",
  nl: "jan feb mrt apr jun jul aug sep sept okt nov dec",
};

const ALWAYS: Record<string, string> = {
  en:
    "mr mrs ms messrs dr prof st gen sen rep gov lt col sgt capt cmdr adm rev hon mt ft vs fig figs approx dept " +
    "vol pp e.g i.e cf ave blvd",
  de:
    "hr hrn fr dr prof dipl ing z.b d.h u.a u.ä bzw ca vgl nr str ggf evtl sog inkl zzgl bspw s.o s.u o.ä " +
    "abs abschn bd jh jhd mio mrd",
  fr: "m mm mme mmes mlle mlles dr pr p.ex env cf av st ste n° vol éd chap",
  es: "sr sra srta sres dr dra d dña ud uds vd lic ing p.ej aprox pág núm n° av avda gral",
  it: "sig sigg sig.ra dott dott.ssa prof ing avv geom p.es pag n° ca",
  pt: "sr sra srta dr dra prof eng p.ex av pág n° nº ca",
  nl: "dhr mevr mr dr prof ir ing drs bijv d.w.z o.a e.d m.b.t t.o.v nr ca zgn",
};

const MAYBE: Record<string, string> = {
  en: "etc inc ltd co corp bros jr sr al no nos calif fla mass wash tex",
  de: "usw etc ggü min max std tel",
  fr: "etc me ex apr",
  es: "etc",
  it: "ecc etc es on",
  pt: "etc ex",
  nl: "enz etc",
};

/** Languages that write ordinal numbers with a full stop ("am 3. Oktober"). */
export const ORDINAL_DOT_LANGUAGES: ReadonlySet<string> = new Set(
  "de da nb nn no fi cs sk sl hr sr bs pl hu tr et lv is".split(" "),
);

function words(list: string | undefined): string[] {
  return list ? list.split(" ") : [];
}

function setFor(languages: string[]): AbbreviationSet {
  return {
    always: new Set(languages.flatMap((l) => words(ALWAYS[l]))),
    maybe: new Set(languages.flatMap((l) => [...words(MAYBE[l]), ...words(MONTHS[l])])),
  };
}

const KNOWN = Object.keys(ALWAYS);
const cache = new Map<string, AbbreviationSet>();

/**
 * The abbreviations of a language, English's included (English names and titles turn up in every language's
 * news). An unknown or missing language gets every list: a wrongly joined pair of sentences still quotes
 * whole sentences, a wrong cut does not.
 */
export function abbreviationsFor(language: string | undefined): AbbreviationSet {
  const key = language && KNOWN.includes(language) ? language : "*";
  let set = cache.get(key);
  if (!set) {
    set = setFor(key === "*" ? KNOWN : [...new Set(["en", key])]);
    cache.set(key, set);
  }
  return set;
}
