import { describe, expect, it } from "vitest";
import devTsv from "../../../shared/corpus/langid-dev/dev.tsv?raw";
import { detectLanguage, isRightToLeft, RTL_LANGUAGES } from "../../src/worker/domain/language/detect-language";

interface Labelled {
  label: string;
  text: string;
}

const dev: Labelled[] = devTsv
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => {
    const [label, , ...text] = line.split("\t");
    return { label: label ?? "", text: text.join("\t") };
  });

/** Multi-paragraph article bodies, written for this test (not taken from any evaluation set). */
const ARTICLES: Record<string, string> = {
  en: `The city council approved a plan on Tuesday to close several streets in the old town to cars during the summer months. Shop owners are divided: some expect more visitors on foot, while others fear that deliveries will become much harder.

Many readers save long articles to read later, when they finally have the time to give them their full attention. A commute by train or a quiet evening at home are the most popular moments.

The mayor said the trial would be reviewed in October, and that residents would be asked for their opinion before any permanent decision is made.`,
  de: `Die Deutsche Bahn hat angekündigt, dass in den kommenden Jahren zahlreiche Strecken saniert werden sollen. Fahrgäste müssen sich daher auf Umleitungen, Ersatzbusse und deutlich längere Reisezeiten einstellen.

Viele Leserinnen und Leser speichern lange Artikel, um sie später in Ruhe zu lesen. Besonders beliebt ist das auf dem Weg zur Arbeit oder am Wochenende, wenn man endlich Zeit dafür hat.`,
  fr: `La ville de Lyon a présenté mardi un nouveau plan pour réduire la circulation automobile dans le centre. Les habitants pourront donner leur avis lors de plusieurs réunions publiques organisées au printemps.

De nombreux lecteurs enregistrent les articles longs pour les lire plus tard, lorsqu'ils ont enfin le temps de s'y consacrer vraiment, dans le train ou le soir avant de dormir.`,
  es: `El gobierno anunció ayer un nuevo programa de ayudas para los jóvenes que quieran alquilar su primera vivienda. La medida entrará en vigor el próximo mes y beneficiará a miles de familias en todo el país.

Muchos lectores guardan los artículos largos para leerlos más tarde, cuando tienen tiempo de hacerlo con calma, por ejemplo en el tren o antes de dormir.`,
  nl: `De gemeente Amsterdam wil het aantal toeristen in de binnenstad de komende jaren flink verminderen. Daarom worden er minder vergunningen afgegeven voor nieuwe hotels en wordt de toeristenbelasting opnieuw verhoogd.

Veel lezers bewaren lange artikelen om ze later rustig te kunnen lezen, bijvoorbeeld in de trein of voor het slapengaan.`,
  pl: `Rząd ogłosił wczoraj nowy program wsparcia dla młodych ludzi, którzy chcą wynająć swoje pierwsze mieszkanie. Przepisy wejdą w życie w przyszłym miesiącu i obejmą tysiące rodzin w całym kraju.

Wielu czytelników zapisuje długie artykuły, aby przeczytać je później, na przykład w pociągu lub przed snem.`,
  ru: `Русский язык является одним из самых распространённых языков мира. На нём говорят более двухсот пятидесяти миллионов человек, и он служит языком межнационального общения во многих странах.

Многие читатели сохраняют длинные статьи, чтобы прочитать их позже, когда появится свободное время. Это особенно удобно в дороге или перед сном.`,
  uk: `Українська мова є державною мовою України та однією з найпоширеніших слов'янських мов. Нею розмовляють понад тридцять мільйонів людей у різних країнах світу.

Багато читачів зберігають довгі статті, щоб прочитати їх пізніше, коли з'явиться вільний час. Це особливо зручно в дорозі або перед сном.`,
  el: `Η ελληνική γλώσσα έχει ιστορία πάνω από τρεις χιλιάδες χρόνια. Σήμερα τη μιλούν περίπου δεκατρία εκατομμύρια άνθρωποι στην Ελλάδα, στην Κύπρο και σε κοινότητες σε όλο τον κόσμο.

Πολλοί αναγνώστες αποθηκεύουν μεγάλα άρθρα για να τα διαβάσουν αργότερα, όταν έχουν περισσότερο χρόνο.`,
  ar: `اللغة العربية من أكثر اللغات انتشاراً في العالم، إذ يتحدث بها أكثر من أربعمائة مليون شخص في الشرق الأوسط وشمال أفريقيا. ولها تراث أدبي غني يمتد لأكثر من خمسة عشر قرناً.

يحفظ كثير من القراء المقالات الطويلة لقراءتها لاحقاً عندما يجدون وقتاً كافياً للتركيز.`,
  fa: `زبان فارسی یکی از زبان‌های هندواروپایی است که در ایران، افغانستان و تاجیکستان به آن سخن می‌گویند. این زبان پیشینه‌ای چند هزار ساله دارد و ادبیات آن در سراسر جهان شناخته شده است.

امروزه بسیاری از خوانندگان مقاله‌های طولانی را ذخیره می‌کنند تا در زمانی دیگر با حوصله بخوانند.`,
  ur: `اردو برصغیر کی ایک اہم زبان ہے جو پاکستان کی قومی زبان ہے اور بھارت میں بھی کروڑوں لوگ اسے بولتے ہیں۔ اس میں فارسی، عربی اور ہندی کے بہت سے الفاظ شامل ہیں۔

آج کل بہت سے لوگ لمبے مضامین کو بعد میں پڑھنے کے لیے محفوظ کر لیتے ہیں۔`,
  he: `העברית היא שפה שמית שהתחדשה כשפה מדוברת בסוף המאה התשע עשרה. כיום מדברים בה מיליוני אנשים בישראל ובקהילות יהודיות ברחבי העולם.

קוראים רבים שומרים מאמרים ארוכים כדי לקרוא אותם מאוחר יותר, כשיש להם זמן פנוי.`,
  hi: `हिंदी भारत की सबसे अधिक बोली जाने वाली भाषा है। इसे देवनागरी लिपि में लिखा जाता है और करोड़ों लोग इसे रोज़ पढ़ते हैं।

बहुत से पाठक लंबे लेखों को बाद में पढ़ने के लिए सहेज लेते हैं।`,
  ja: `日本語は主に日本で話されている言語で、ひらがな、カタカナ、漢字の三種類の文字を組み合わせて書かれます。

長い記事を後で読むために保存する人が増えています。通勤電車の中や寝る前の時間に、ゆっくりと読むことができるからです。`,
  zh: `汉语是世界上使用人数最多的语言之一，主要通行于中国大陆、台湾、新加坡等地。现代标准汉语以北京语音为标准音。

越来越多的人把长篇文章保存下来，等到有空的时候再慢慢阅读。这样既不会错过好内容，也不会打断手头的工作。`,
  ko: `한국어는 대한민국의 공용어이며, 전 세계적으로 약 팔천만 명이 사용한다. 한글은 과학적인 구조를 가진 문자로 널리 알려져 있다.

많은 사람들이 긴 기사를 나중에 읽기 위해 저장한다. 출퇴근 시간이나 잠들기 전에 천천히 읽을 수 있기 때문이다.`,
  th: `ภาษาไทยเป็นภาษาราชการของประเทศไทย มีผู้พูดมากกว่าหกสิบล้านคน

ผู้อ่านจำนวนมากบันทึกบทความยาวไว้เพื่ออ่านภายหลัง`,
  id: `Pemerintah Indonesia mengumumkan bahwa harga bahan bakar minyak akan naik mulai bulan depan. Menurut menteri keuangan, keputusan itu diambil karena anggaran negara tidak bisa lagi menanggung subsidi yang terlalu besar.

Banyak pembaca menyimpan artikel panjang untuk dibaca nanti, misalnya saat perjalanan ke kantor atau sebelum tidur. Mereka bisa membacanya kapan saja tanpa harus terburu-buru.`,
  ms: `Kerajaan Malaysia mengumumkan bahawa harga minyak akan dinaikkan mulai bulan hadapan. Menurut menteri kewangan, keputusan itu dibuat kerana belanjawan negara tidak lagi mampu menanggung subsidi yang terlalu besar.

Ramai pembaca menyimpan rencana panjang untuk dibaca kemudian, contohnya semasa dalam perjalanan ke pejabat atau sebelum tidur. Mereka boleh membacanya bila-bila masa sahaja tanpa perlu tergesa-gesa.`,
};

describe("detectLanguage", () => {
  it("gets at least 95% of the labelled dev sentences right", () => {
    expect(dev.length).toBe(296);
    const wrong = dev.filter(({ label, text }) => detectLanguage(text).language !== label);
    const accuracy = 1 - wrong.length / dev.length;
    expect(accuracy, wrong.map((w) => `${w.label}: ${w.text}`).join("\n")).toBeGreaterThanOrEqual(0.95);
  });

  it.each(Object.entries(ARTICLES))("detects a multi-paragraph %s article confidently", (language, article) => {
    const result = detectLanguage(article);
    expect(result.language).toBe(language);
    expect(result.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("reads only the start of a very long article", () => {
    const german = ARTICLES.de!.repeat(20);
    const article = `${german}\n\n${ARTICLES.en!.repeat(200)}`;
    expect(article.length).toBeGreaterThan(100_000);
    expect(detectLanguage(article).language).toBe("de");
  });

  it("keeps a Japanese technical article with English identifiers Japanese", () => {
    const article =
      "このライブラリでは useEffect と useState を組み合わせて、fetch の結果を React コンポーネントに表示します。" +
      "詳しくは https://example.com/docs/getting-started を参照してください。";
    expect(detectLanguage(article).language).toBe("ja");
  });

  it.each([
    "",
    "   \n\t  ",
    "1234 5678 — 90%",
    "!!! ??? ...",
    "🙂🚀🎉",
    "https://example.com/a/b?c=1",
  ])("answers en with no confidence when there is nothing to detect: %j", (text) => {
    expect(detectLanguage(text)).toEqual({ language: "en", confidence: 0 });
  });

  it("always answers a lower-case two-letter code with a confidence in [0, 1]", () => {
    const inputs = [
      ...dev.map((sample) => sample.text),
      ...Object.values(ARTICLES),
      "a",
      "Ω",
      "ß",
      "ок",
      "日",
      "x1 y2 z3",
      "Ceci n'est pas une pipe. This is not a pipe.",
      "Привет, world!",
      "\u0000\uFFFD\uD83D",
    ];
    for (const input of inputs) {
      const { language, confidence } = detectLanguage(input);
      expect(language, input).toMatch(/^[a-z]{2}$/);
      expect(confidence).toBeGreaterThanOrEqual(0);
      expect(confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe("isRightToLeft", () => {
  it("is true for exactly the right-to-left languages", () => {
    expect([...RTL_LANGUAGES].sort()).toEqual(["ar", "fa", "he", "iw", "ji", "ku", "ps", "ur", "yi"]);
    for (const language of RTL_LANGUAGES) expect(isRightToLeft(language), language).toBe(true);
  });

  it("is false for left-to-right languages and unknown codes", () => {
    for (const language of ["en", "de", "ja", "zh", "hi", "el", "ru", "tr", "id", "", "xx"]) {
      expect(isRightToLeft(language), language).toBe(false);
    }
  });

  it("flags what the detector answers for Arabic-script and Hebrew text", () => {
    for (const language of ["ar", "fa", "ur", "he"]) {
      expect(isRightToLeft(detectLanguage(ARTICLES[language]!).language)).toBe(true);
    }
    expect(isRightToLeft(detectLanguage(ARTICLES.en!).language)).toBe(false);
  });
});
