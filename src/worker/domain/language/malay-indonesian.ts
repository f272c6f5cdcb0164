/**
 * Indonesian and Malay are two standards of one language, and ELD has a single "ms" class for both.
 * They differ mostly in vocabulary and spelling set by their language academies, so well-known
 * doublets (Indonesian karena / Malay kerana, uang / wang, bisa / boleh, -itas / -iti, month names
 * ...) decide when a text has enough of them. Short texts rarely do; those go to franc's trigram
 * profiles of the two standards, which is weak but better than a fixed guess.
 * The word lists come from the standard comparisons of the two norms, not from any evaluation text.
 */

import { franc } from "franc-min";

const INDONESIAN = new Set(
  (
    "karena uang yaitu pemerintah kantor bisa sampai setelah sesudah kenapa mobil bis sepeda mau coba " +
    "pikir paham kursi kendaraan pabrik istri unduh situs akun pria persen anggaran tim perusahaan bisnis " +
    "karyawan dokter apotek besok kemarin kapan silakan gratis nomor provinsi kabupaten kecamatan rupiah " +
    "rp universitas polisi maret juni juli agustus desember senin kamis jumat nggak gak enggak banget aja " +
    "udah gimana cuma bikin ketemu butuh tentara laki-laki anak-anak bagian telepon ponsel handuk kulkas " +
    "dimana dukungan mendukung kirim dikirim mengirim kamar sepatu celana jendela sopir kebijakan"
  ).split(" "),
);

const MALAY = new Set(
  (
    "kerana wang iaitu ialah kerajaan boleh sahaja selepas kereta bas mahu cuba fikir faham kerusi " +
    "kenderaan kilang isteri laman akaun lelaki peratus belanjawan pasukan syarikat perniagaan kakitangan " +
    "doktor farmasi hospital esok semalam kerap sila percuma nombor negeri ringgit rm universiti polis " +
    "mac jun julai ogos disember isnin khamis jumaat ahad tentera kanak-kanak pelbagai bahagian telefon " +
    "bimbit tandas bilik baharu semasa mengikut manakala sebarang hendaklah berkenaan jabatan pejabat " +
    "encik antarabangsa walaubagaimanapun basikal makmal ketenteraan sokongan menyokong hantar dihantar " +
    "menghantar kasut seluar tingkap menerusi"
  ).split(" "),
);

/** Latin -itas nouns: Indonesian keeps the Dutch-era -itas (kualitas), Malay the English-era -iti (kualiti). */
const INDONESIAN_SUFFIX = /^[a-z]{4,}itas$/;
const MALAY_SUFFIX = /^[a-z]{4,}iti$/;

export interface MalayIndonesianGuess {
  language: "id" | "ms";
  /** Whether vocabulary decided; otherwise the trigram profiles did, on thin evidence. */
  byVocabulary: boolean;
}

/**
 * One doublet is not enough: loanwords and quotes cross the border, so a single Malay word in an
 * Indonesian post (or the reverse) must not decide. Long articles clear this easily.
 */
const MIN_WORD_MARGIN = 2;

/** Tells Indonesian from Malay in text already known to be one of the two. */
export function malayOrIndonesian(text: string): MalayIndonesianGuess {
  let indonesian = 0;
  let malay = 0;
  for (const word of text.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? []) {
    if (INDONESIAN.has(word) || INDONESIAN_SUFFIX.test(word)) indonesian += 1;
    else if (MALAY.has(word) || MALAY_SUFFIX.test(word)) malay += 1;
  }
  if (Math.abs(indonesian - malay) >= MIN_WORD_MARGIN) {
    return { language: malay > indonesian ? "ms" : "id", byVocabulary: true };
  }
  // ISO 639-3: ind = Indonesian, zlm = Malay; "und" (nothing usable) falls to Indonesian, the larger web language.
  return { language: franc(text, { only: ["ind", "zlm"], minLength: 1 }) === "zlm" ? "ms" : "id", byVocabulary: false };
}
