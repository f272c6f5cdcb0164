import { z } from "zod";
import {
  READER_ALIGNMENTS,
  READER_FONTS,
  READER_LINE_HEIGHTS,
  READER_SIZES,
  READER_THEMES,
  READER_WIDTHS,
} from "../domain/reader-settings";

const oneOf = <T extends string>(name: string, options: readonly [T, ...T[]]) =>
  z.enum(options, { error: `${name} must be one of: ${options.join(", ")}` });

const fields = {
  font: oneOf("font", READER_FONTS).meta({
    description: "serif (Literata), sans (Source Sans 3) or legible (Atkinson Hyperlegible Next).",
  }),
  size: z
    .literal(READER_SIZES, { error: `size must be one of: ${READER_SIZES.join(", ")}` })
    .meta({ description: "The text size in CSS pixels." }),
  line_height: oneOf("line_height", READER_LINE_HEIGHTS),
  width: oneOf("width", READER_WIDTHS).meta({ description: "The text column: about 55, 70 or 90 characters a line." }),
  align: oneOf("align", READER_ALIGNMENTS),
  theme: oneOf("theme", READER_THEMES).meta({ description: "`system` follows the device's light or dark setting." }),
};

/** PUT /api/reader-settings: the whole document, with when the reader made it on their device. */
export const readerSettingsBody = z.strictObject({
  ...fields,
  client_updated_at: z
    .number({ error: "client_updated_at must be a time in milliseconds since 1970" })
    .int("client_updated_at must be a whole number of milliseconds")
    .min(0, "client_updated_at must be a time in milliseconds since 1970")
    .optional()
    .meta({ description: "When the reader made the change (ms since 1970); the newest change wins." }),
});

export const readerSettingsJson = z
  .object({
    settings: z.object(fields),
    updated_at: z
      .int()
      .nullable()
      .meta({ description: "When these settings were made (ms since 1970); null: never changed, the defaults." }),
  })
  .meta({ id: "ReaderSettings" });
