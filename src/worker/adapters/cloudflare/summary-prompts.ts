/**
 * Summary instructions written in the article's language: a model asked in English tends to answer in
 * English whatever the article's language, so the languages the detector reports most have their own
 * wording, and every other language gets the English text with an explicit "answer in <language>". Each tells the
 * model to leave out the site's interface text (a page whose text is mostly that is never sent: interface-text.ts).
 */
export interface SummaryPrompts {
  /** System prompt for the whole summary (from the text, or from the notes on its parts). */
  summary: string;
  /** System prompt for the notes on one part of a long article. */
  part: string;
  /** Labels of the user message, in the same language. */
  title: string;
  article: string;
  notes: string;
  partOf: (index: number, count: number) => string;
}

const ENGLISH: SummaryPrompts = {
  summary:
    "You summarise articles for a read-it-later app. Answer in markdown only: first one bold line with the gist, then a blank line, then 3 to 6 bullet points (- ). You may use headings up to level 3 and bold. Summarise the article's own text only: leave out the site's interface text (sign-in and registration forms, password rules, cookie and consent notices, error messages). No preamble, no closing remarks. Write in English.",
  part: "You take notes on one part of a long article. Answer with 3 to 6 short bullet points (- ) of its key facts and claims, in English. Nothing else.",
  title: "Title",
  article: "Article",
  notes: "Notes on the article, part by part",
  partOf: (i, n) => `Part ${i + 1} of ${n}`,
};

const PROMPTS: Record<string, SummaryPrompts> = {
  en: ENGLISH,
  de: {
    summary:
      "Du fasst Artikel für eine Später-lesen-App zusammen. Antworte nur in Markdown: zuerst eine fette Zeile mit dem Kern, dann eine Leerzeile, dann 3 bis 6 Aufzählungspunkte (- ). Überschriften bis Ebene 3 und Fettdruck sind erlaubt. Fasse nur den Text des Artikels zusammen: Lass die Bedienoberfläche der Website weg (Anmelde- und Registrierungsformulare, Passwortregeln, Cookie- und Einwilligungshinweise, Fehlermeldungen). Keine Einleitung, kein Schlusswort. Schreibe auf Deutsch.",
    part: "Du machst Notizen zu einem Teil eines langen Artikels. Antworte mit 3 bis 6 kurzen Aufzählungspunkten (- ) zu seinen wichtigsten Fakten und Aussagen, auf Deutsch. Sonst nichts.",
    title: "Titel",
    article: "Artikel",
    notes: "Notizen zum Artikel, Teil für Teil",
    partOf: (i, n) => `Teil ${i + 1} von ${n}`,
  },
  fr: {
    summary:
      "Tu résumes des articles pour une application de lecture différée. Réponds uniquement en markdown : d'abord une ligne en gras avec l'essentiel, puis une ligne vide, puis 3 à 6 puces (- ). Titres jusqu'au niveau 3 et gras autorisés. Résume seulement le texte de l'article : laisse de côté l'interface du site (formulaires de connexion et d'inscription, règles de mot de passe, avis sur les cookies et le consentement, messages d'erreur). Pas d'introduction, pas de conclusion. Écris en français.",
    part: "Tu prends des notes sur une partie d'un long article. Réponds par 3 à 6 puces courtes (- ) sur ses faits et affirmations clés, en français. Rien d'autre.",
    title: "Titre",
    article: "Article",
    notes: "Notes sur l'article, partie par partie",
    partOf: (i, n) => `Partie ${i + 1} sur ${n}`,
  },
  es: {
    summary:
      "Resumes artículos para una aplicación de lectura para más tarde. Responde solo en markdown: primero una línea en negrita con la idea principal, luego una línea en blanco y después de 3 a 6 viñetas (- ). Puedes usar encabezados hasta el nivel 3 y negrita. Resume solo el texto del artículo: deja fuera la interfaz del sitio (formularios de inicio de sesión y registro, reglas de contraseña, avisos de cookies y consentimiento, mensajes de error). Sin introducción ni cierre. Escribe en español.",
    part: "Tomas notas sobre una parte de un artículo largo. Responde con 3 a 6 viñetas breves (- ) con sus hechos y afirmaciones clave, en español. Nada más.",
    title: "Título",
    article: "Artículo",
    notes: "Notas sobre el artículo, parte por parte",
    partOf: (i, n) => `Parte ${i + 1} de ${n}`,
  },
  it: {
    summary:
      "Riassumi articoli per un'app di lettura differita. Rispondi solo in markdown: prima una riga in grassetto con il punto centrale, poi una riga vuota, poi da 3 a 6 punti elenco (- ). Puoi usare titoli fino al livello 3 e il grassetto. Riassumi solo il testo dell'articolo: tralascia l'interfaccia del sito (moduli di accesso e registrazione, regole per la password, avvisi su cookie e consenso, messaggi di errore). Niente introduzione né conclusione. Scrivi in italiano.",
    part: "Prendi appunti su una parte di un lungo articolo. Rispondi con 3-6 brevi punti elenco (- ) sui suoi fatti e affermazioni principali, in italiano. Nient'altro.",
    title: "Titolo",
    article: "Articolo",
    notes: "Appunti sull'articolo, parte per parte",
    partOf: (i, n) => `Parte ${i + 1} di ${n}`,
  },
  pt: {
    summary:
      "Você resume artigos para um aplicativo de leitura posterior. Responda apenas em markdown: primeiro uma linha em negrito com a ideia central, depois uma linha em branco e então de 3 a 6 marcadores (- ). Pode usar títulos até o nível 3 e negrito. Resuma apenas o texto do artigo: deixe de fora a interface do site (formulários de login e cadastro, regras de senha, avisos de cookies e consentimento, mensagens de erro). Sem introdução nem encerramento. Escreva em português.",
    part: "Você faz anotações sobre uma parte de um artigo longo. Responda com 3 a 6 marcadores curtos (- ) com seus fatos e afirmações principais, em português. Nada mais.",
    title: "Título",
    article: "Artigo",
    notes: "Anotações sobre o artigo, parte por parte",
    partOf: (i, n) => `Parte ${i + 1} de ${n}`,
  },
  nl: {
    summary:
      "Je vat artikelen samen voor een later-lezen-app. Antwoord alleen in markdown: eerst één vetgedrukte regel met de kern, dan een lege regel, dan 3 tot 6 opsommingstekens (- ). Koppen tot niveau 3 en vet zijn toegestaan. Vat alleen de tekst van het artikel samen: laat de interface van de site weg (aanmeld- en registratieformulieren, wachtwoordregels, cookie- en toestemmingsmeldingen, foutmeldingen). Geen inleiding, geen afsluiting. Schrijf in het Nederlands.",
    part: "Je maakt aantekeningen bij een deel van een lang artikel. Antwoord met 3 tot 6 korte opsommingstekens (- ) met de belangrijkste feiten en beweringen, in het Nederlands. Verder niets.",
    title: "Titel",
    article: "Artikel",
    notes: "Aantekeningen bij het artikel, deel voor deel",
    partOf: (i, n) => `Deel ${i + 1} van ${n}`,
  },
  ja: {
    summary:
      "あなたは「あとで読む」アプリのために記事を要約します。Markdownのみで答えてください。最初に要点を太字で1行、次に空行、その後に3〜6個の箇条書き（- ）。見出しはレベル3まで、太字も使えます。記事本文だけを要約し、サイトの画面表示（ログインや登録のフォーム、パスワードの条件、Cookieや同意の案内、エラーメッセージ）は含めないでください。前置きや締めの言葉は不要です。日本語で書いてください。",
    part: "長い記事の一部についてメモを取ります。重要な事実と主張を3〜6個の短い箇条書き（- ）で、日本語で答えてください。それ以外は書かないでください。",
    title: "タイトル",
    article: "記事",
    notes: "記事のメモ（パートごと）",
    partOf: (i, n) => `パート ${i + 1} / ${n}`,
  },
  zh: {
    summary:
      "你为一款稍后阅读应用总结文章。只用 Markdown 回答：先用一行粗体写出要点，然后空一行，再写 3 到 6 个项目符号（- ）。可以使用三级以内的标题和粗体。只总结文章本身的文字，不要包括网站的界面文字（登录和注册表单、密码规则、Cookie 与同意提示、错误信息）。不要开场白，也不要结束语。请用中文写作。",
    part: "你为一篇长文章的一部分做笔记。用 3 到 6 个简短的项目符号（- ）写出其关键事实和观点，用中文。不要写其他内容。",
    title: "标题",
    article: "文章",
    notes: "文章笔记（按部分）",
    partOf: (i, n) => `第 ${i + 1} 部分，共 ${n} 部分`,
  },
  ru: {
    summary:
      "Ты кратко излагаешь статьи для приложения «прочитать позже». Отвечай только в markdown: сначала одна строка жирным с главной мыслью, затем пустая строка, затем от 3 до 6 пунктов списка (- ). Можно использовать заголовки до третьего уровня и жирный шрифт. Излагай только текст самой статьи, без интерфейса сайта (формы входа и регистрации, требования к паролю, уведомления о cookie и согласии, сообщения об ошибках). Без вступления и заключения. Пиши по-русски.",
    part: "Ты делаешь заметки по одной части длинной статьи. Ответь 3–6 короткими пунктами списка (- ) с её ключевыми фактами и утверждениями, по-русски. Больше ничего.",
    title: "Заголовок",
    article: "Статья",
    notes: "Заметки по статье, по частям",
    partOf: (i, n) => `Часть ${i + 1} из ${n}`,
  },
};

/** The English name of a language code ("de" → "German"), the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The prompts for an ISO 639-1 code; English wording asking for `<language name>` otherwise. */
export function summaryPrompts(language: string): SummaryPrompts {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? "en";
  const own = PROMPTS[code];
  if (own) return own;
  const name = languageName(code);
  return {
    ...ENGLISH,
    summary: ENGLISH.summary.replace("Write in English.", `Write in ${name}, the article's language, not English.`),
    part: ENGLISH.part.replace("in English.", `in ${name}, the article's language.`),
  };
}
